import Relay

/// The live implementations, registered in code: what `relay-demo` runs when no
/// instruction says otherwise.
///
/// Run it before dynamic injection, so that instructions override these defaults for
/// their type and scope and every other type keeps its default.
struct DemoRegistry: DependencyRegistryType {
    func registerDependencies() {
        let global = DependencyContainer.global
        global.register((any RecipeBook).self) { _ in BundledRecipeBook() }
        global.register((any Clock).self) { _ in SystemClock() }
        global.register((any NutritionCalculator).self) { _ in IngredientNutritionCalculator() }
        global.register(TicketDispenser.self) { _ in TicketDispenser() }
        global.register((any Kitchen).self) { container in
            CountingKitchen(dispenser: try container.tryResolve(TicketDispenser.self))
        }
        global.register((any ListFormatter).self) { _ in BulletListFormatter() }
        // A second ListFormatter, told apart by its tag: what --compact resolves.
        global.register((any ListFormatter).self, tag: .compact) { _ in CompactListFormatter() }

        // The shopping scope has its own formatter; for everything else it falls back to
        // the global container.
        DependencyContainer.container(for: .shopping).register((any ListFormatter).self) { _ in ChecklistFormatter() }
    }
}
