/// Takes the orders. Each kitchen gets a ticket number when it opens, so printing the
/// ticket of two resolves shows the lifecycle: a singleton gives `#1` twice, a transient
/// registration gives `#1` then `#2`.
protocol Kitchen: Sendable {
    /// The ticket this kitchen was given when it was created.
    var ticket: Int { get }
}
