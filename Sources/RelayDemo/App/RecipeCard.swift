import Relay

/// The app's one screen: the recipe of the day, its calories and ingredients, and the
/// kitchen tickets — built entirely from resolved services, so every instruction shows.
struct RecipeCard {
    /// The app's own options.
    var options: DemoOptions

    /// Resolves the services and renders the screen.
    ///
    /// - Returns: The lines to print on standard output.
    /// - Throws: A `DependencyResolutionError`, or the recipe book's error.
    func render() throws -> [String] {
        let global = DependencyContainer.global
        let day = CalendarDay(try global.tryResolve((any Clock).self).now)
        let recipes = try global.tryResolve((any RecipeBook).self).recipes()
        var lines: [String] = []

        if recipes.isEmpty {
            lines.append("Recipe of the day (\(day.weekday) \(day.isoDate)): none — the recipe book is empty")
        } else {
            let recipe = recipes[((day.number % recipes.count) + recipes.count) % recipes.count]
            let servings = options.servings ?? recipe.servings
            let facts = try global.tryResolve((any NutritionCalculator).self).facts(for: recipe, servings: servings)
            // --shopping-list resolves the formatter from the shopping scope, which has its
            // own registration; otherwise the global one.
            let scope: DependencyContainerScope = options.shoppingList ? .shopping : .global
            let formatter = try Self.formatter(in: scope, compact: options.compact)
            let factor = Double(servings) / Double(max(recipe.servings, 1))

            lines.append("Recipe of the day (\(day.weekday) \(day.isoDate)): \(recipe.name)")
            lines.append("\(recipe.minutes) minutes · \(servings) \(servings == 1 ? "serving" : "servings") · \(facts.caloriesPerServing) kcal per serving, \(facts.totalCalories) kcal in all")
            lines.append(options.shoppingList ? "Shopping list:" : "Ingredients:")
            lines += formatter.lines(for: recipe.ingredients.map { $0.scaled(by: factor).text })
        }

        // Two resolves of the same type: a singleton gives the same kitchen (and ticket)
        // twice, a transient registration a new one each time.
        let first = try global.tryResolve((any Kitchen).self).ticket
        let second = try global.tryResolve((any Kitchen).self).ticket
        let verdict = first == second ? "one kitchen took both orders" : "each order opened a new kitchen"
        lines.append("Kitchen tickets: #\(first), #\(second) — \(verdict)")
        return lines
    }

    /// The list formatter of `scope`; with `compact`, the one tagged
    /// `DependencyTag.compact`.
    private static func formatter(in scope: DependencyContainerScope, compact: Bool) throws -> any ListFormatter {
        let container = DependencyContainer.container(for: scope)
        if compact {
            return try container.tryResolve((any ListFormatter).self, tag: .compact)
        }
        return try container.tryResolve((any ListFormatter).self)
    }
}
