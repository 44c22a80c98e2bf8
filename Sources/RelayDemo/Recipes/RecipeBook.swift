/// Where recipes come from.
///
/// The app resolves `any RecipeBook` and never names an implementation: the live
/// ``BundledRecipeBook`` is registered in code, and a launch can swap in
/// ``StubRecipeBook`` or ``EmptyRecipeBook`` with an instruction such as
/// `type=RelayDemo.RecipeBook,factory=RelayDemo.RecipeBook.Stub`.
protocol RecipeBook: Sendable {
    /// Every recipe, in a stable order.
    ///
    /// - Throws: When the recipes cannot be loaded.
    func recipes() throws -> [Recipe]
}
