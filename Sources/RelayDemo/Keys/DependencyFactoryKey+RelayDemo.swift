import Relay

/// The factories of `relay-demo` that instructions may select, named
/// `[Module].[Type].[Purpose]`.
///
/// Most are stubs and fixtures. The live recipe book and kitchen are indexed too, so an
/// instruction can bring them back over a lower source or change only their lifecycle.
extension DependencyFactoryKey {
    /// The live ``BundledRecipeBook`` (the recipes in `Resources/recipes.json`).
    public static let recipeBookBundled = DependencyFactoryKey("RelayDemo.RecipeBook.Bundled")
    /// ``StubRecipeBook``: one fixed recipe.
    public static let recipeBookStub = DependencyFactoryKey("RelayDemo.RecipeBook.Stub")
    /// ``EmptyRecipeBook``: no recipes at all.
    public static let recipeBookEmpty = DependencyFactoryKey("RelayDemo.RecipeBook.Empty")
    /// ``FixedClock``: always 2025-03-14 12:00 UTC, so the output is deterministic.
    public static let clockFixed = DependencyFactoryKey("RelayDemo.Clock.Fixed")
    /// The live ``CountingKitchen``; pair it with `lifecycle=transient` to see a new
    /// kitchen per order.
    public static let kitchenLive = DependencyFactoryKey("RelayDemo.Kitchen.Live")
    /// ``NumberedListFormatter``: `1. 200 g spaghetti`.
    public static let listFormatterNumbered = DependencyFactoryKey("RelayDemo.ListFormatter.Numbered")
    /// ``ChecklistFormatter``: `[ ] 200 g spaghetti`.
    public static let listFormatterChecklist = DependencyFactoryKey("RelayDemo.ListFormatter.Checklist")
    /// ``MarkedListFormatter``: the marker is the instruction's parameter,
    /// `parameter=→` gives `→ 200 g spaghetti`.
    public static let listFormatterMarked = DependencyFactoryKey("RelayDemo.ListFormatter.Marked")
}
