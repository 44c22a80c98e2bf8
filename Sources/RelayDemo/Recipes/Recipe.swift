/// A recipe as stored in `Resources/recipes.json`.
struct Recipe: Codable, Hashable, Sendable {
    /// The dish's name, e.g. `Shakshuka`.
    var name: String
    /// How many people the listed quantities feed.
    var servings: Int
    /// Preparation and cooking time, in minutes.
    var minutes: Int
    /// What goes in, in the order it is listed.
    var ingredients: [Ingredient]
}
