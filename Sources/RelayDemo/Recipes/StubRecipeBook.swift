/// A ``RecipeBook`` fixture with one fixed recipe, so the recipe of the day is always the
/// same whatever the date. Selected by `factory=RelayDemo.RecipeBook.Stub`.
struct StubRecipeBook: RecipeBook {
    /// The only recipe.
    static let recipe = Recipe(
        name: "Stub Toast",
        servings: 1,
        minutes: 5,
        ingredients: [
            Ingredient(name: "slice of bread", quantity: 2, unit: "", plural: "slices of bread", calories: 160),
            Ingredient(name: "butter", quantity: 10, unit: "g", calories: 72),
        ]
    )

    func recipes() throws -> [Recipe] { [Self.recipe] }
}
