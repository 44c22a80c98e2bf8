/// A ``RecipeBook`` fixture with no recipes, for the app's empty state. Selected by
/// `factory=RelayDemo.RecipeBook.Empty`.
struct EmptyRecipeBook: RecipeBook {
    func recipes() throws -> [Recipe] { [] }
}
