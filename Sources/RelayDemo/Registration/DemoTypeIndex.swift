import Relay

/// The types of `relay-demo` that instructions may replace.
///
/// ``NutritionCalculator`` is deliberately absent: it is registered in code only, so no
/// instruction can replace it (an instruction naming it is rejected as an unknown type key).
struct DemoTypeIndex: DependencyTypeIndexable {
    let index: [DependencyTypeKey: Any.Type] = [
        .recipeBook: (any RecipeBook).self,
        .clock: (any Clock).self,
        .kitchen: (any Kitchen).self,
        .listFormatter: (any ListFormatter).self,
    ]
}

/// The tags instructions may name for the demo's types.
enum DemoTagIndex {
    /// Declares every tag the demo registers, so that an instruction may name it whether or
    /// not the registration has been made yet (and `relay check --index` knows it).
    static func add(to index: DynamicDependencyIndex) {
        index.add(tag: .compact, for: (any ListFormatter).self)
    }
}
