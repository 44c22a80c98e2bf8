/// One argument a driver passes when it launches the program under test: a flag and an
/// optional value.
///
/// It refines `Sendable` so that a list of them — a ``LaunchArgumentBuilder`` — can be a
/// `static let` shared by tests in the Swift 6 language mode.
public protocol LaunchArgument: Sendable {
    /// The flag, e.g. `-d`.
    var flag: String { get }
    /// The value following the flag, if any.
    var value: String? { get }
}
