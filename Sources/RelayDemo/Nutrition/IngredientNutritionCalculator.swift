/// The live ``NutritionCalculator``: adds up the calories of every ingredient, then
/// divides by the recipe's own number of servings.
///
/// It is registered in code only and not indexed, so no instruction can replace it — the
/// index is the allow-list.
struct IngredientNutritionCalculator: NutritionCalculator {
    func facts(for recipe: Recipe, servings: Int) -> NutritionFacts {
        let recipeTotal = Double(recipe.ingredients.reduce(0) { $0 + $1.calories })
        let perServing = recipeTotal / Double(max(recipe.servings, 1))
        return NutritionFacts(
            caloriesPerServing: Int(perServing.rounded()),
            totalCalories: Int((perServing * Double(servings)).rounded())
        )
    }
}
