import Foundation

/// The live ``RecipeBook``: decodes `Resources/recipes.json` from the executable's
/// resource bundle (`Bundle.module`).
struct BundledRecipeBook: RecipeBook {
    /// Why the bundled recipes could not be read.
    struct LoadError: Error, CustomStringConvertible {
        /// What went wrong, in words.
        var description: String
    }

    func recipes() throws -> [Recipe] {
        guard let url = Bundle.module.url(forResource: "recipes", withExtension: "json") else {
            throw LoadError(description: "recipes.json is missing from the RelayDemo resource bundle")
        }
        do {
            return try JSONDecoder().decode([Recipe].self, from: Data(contentsOf: url))
        } catch {
            throw LoadError(description: "cannot read \(url.path): \(error)")
        }
    }
}
