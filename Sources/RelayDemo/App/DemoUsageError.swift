/// A problem with `relay-demo`'s own options (not with a Relay instruction).
struct DemoUsageError: Error, Equatable, CustomStringConvertible {
    /// What is wrong and how to fix it.
    var description: String
}
