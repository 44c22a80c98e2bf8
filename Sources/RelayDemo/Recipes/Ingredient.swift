/// One line of a recipe's ingredient list.
struct Ingredient: Codable, Hashable, Sendable {
    /// What it is, e.g. `spaghetti` or `egg`.
    var name: String
    /// How much, in ``unit``, for the recipe's own number of servings.
    var quantity: Double
    /// `g`, `ml`, `tsp`… or empty for things that are counted (`4 eggs`).
    var unit: String
    /// For counted things, the name used for more than one (`eggs`).
    var plural: String?
    /// Kilocalories in ``quantity``.
    var calories: Int

    /// Creates an ingredient.
    init(name: String, quantity: Double, unit: String, plural: String? = nil, calories: Int) {
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.plural = plural
        self.calories = calories
    }

    /// The same ingredient with its quantity and calories multiplied by `factor`.
    func scaled(by factor: Double) -> Ingredient {
        Ingredient(name: name, quantity: quantity * factor, unit: unit, plural: plural, calories: Int((Double(calories) * factor).rounded()))
    }

    /// `200 g spaghetti`, `4 eggs`, `0.5 lemon` — locale-independent, at most two decimals.
    var text: String {
        let hundredths = (quantity * 100).rounded()
        let amount = hundredths.truncatingRemainder(dividingBy: 100) == 0
            ? String(Int(hundredths / 100))
            : String(hundredths / 100)
        guard unit.isEmpty else { return "\(amount) \(unit) \(name)" }
        return "\(amount) \(quantity > 1 ? plural ?? name : name)"
    }
}
