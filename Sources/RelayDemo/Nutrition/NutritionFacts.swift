/// Calories for a recipe cooked for some number of servings.
struct NutritionFacts: Hashable, Sendable {
    /// Kilocalories in one serving, rounded to the nearest whole number.
    var caloriesPerServing: Int
    /// Kilocalories in the whole dish, rounded to the nearest whole number.
    var totalCalories: Int
}
