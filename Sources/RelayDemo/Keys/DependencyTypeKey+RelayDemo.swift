import Relay

/// The types of `relay-demo` that instructions may replace, named `[Module].[Type]`.
///
/// They are `public` so that a driver (the `RelayDriverTests`) builds its launch arguments
/// from the same constants the app indexes, instead of retyping the strings.
extension DependencyTypeKey {
    /// ``RecipeBook``: where recipes come from.
    public static let recipeBook = DependencyTypeKey("RelayDemo.RecipeBook")
    /// ``Clock``: what time it is, which picks the recipe of the day.
    public static let clock = DependencyTypeKey("RelayDemo.Clock")
    /// ``Kitchen``: takes the orders; its lifecycle shows in the ticket numbers.
    public static let kitchen = DependencyTypeKey("RelayDemo.Kitchen")
    /// ``ListFormatter``: how ingredient lists are printed.
    public static let listFormatter = DependencyTypeKey("RelayDemo.ListFormatter")
}
