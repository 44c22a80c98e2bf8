/// Works out how many calories a dish has.
protocol NutritionCalculator: Sendable {
    /// The nutrition of `recipe` cooked for `servings` people.
    func facts(for recipe: Recipe, servings: Int) -> NutritionFacts
}
