import Relay
import RelayDemo

/// Launch arguments and expected output shared by the driver tests.
enum DemoFixtures {
    /// `-d type=RelayDemo.Clock,factory=RelayDemo.Clock.Fixed`: 2025-03-14, a Friday.
    static let fixedClock = DependencyInstructionLaunchArgument(type: .clock, factory: .clockFixed)
    /// `-d type=RelayDemo.RecipeBook,factory=RelayDemo.RecipeBook.Stub`.
    static let stubRecipes = DependencyInstructionLaunchArgument(type: .recipeBook, factory: .recipeBookStub)

    /// The stub recipe book and the fixed clock, in that order (as in
    /// `config/stub-recipes.relay`).
    static var stubbed: LaunchArgumentBuilder {
        LaunchArgumentBuilder(arguments: [stubRecipes, fixedClock])
    }

    /// The output with the stub recipe book and the fixed clock.
    static let stubToast = [
        "Recipe of the day (Friday 2025-03-14): Stub Toast",
        "5 minutes · 1 serving · 232 kcal per serving, 232 kcal in all",
        "Ingredients:",
        "  • 2 slices of bread",
        "  • 10 g butter",
        "Kitchen tickets: #1, #1 — one kitchen took both orders",
    ]

    /// The ingredients of the bundled recipe of 2025-03-14, for 2 servings, unformatted.
    static let shakshukaIngredients = [
        "4 eggs",
        "400 g chopped tomatoes",
        "1 onion",
        "1 red pepper",
        "15 ml olive oil",
        "2 garlic cloves",
        "1 tsp ground cumin",
    ]

    /// The output with the bundled recipes and the fixed clock, ingredients formatted by
    /// `format`.
    static func shakshuka(heading: String = "Ingredients:", format: (Int, String) -> String = { "  • \($1)" }) -> [String] {
        ["Recipe of the day (Friday 2025-03-14): Shakshuka",
         "30 minutes · 2 servings · 293 kcal per serving, 586 kcal in all",
         heading]
            + shakshukaIngredients.enumerated().map { format($0.offset + 1, $0.element) }
            + ["Kitchen tickets: #1, #1 — one kitchen took both orders"]
    }

    /// The names in `Sources/RelayDemo/Resources/recipes.json`.
    static let bundledRecipeNames: Set<String> = [
        "Spaghetti Aglio e Olio", "Shakshuka", "Chickpea Curry", "Greek Salad",
        "Banana Oat Pancakes", "Red Lentil Soup", "Mushroom Risotto",
    ]
}
