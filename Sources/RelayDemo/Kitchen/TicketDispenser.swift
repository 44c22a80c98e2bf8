import Synchronization

/// Hands out ticket numbers 1, 2, 3… to kitchens, one per kitchen created. Registered as a
/// singleton, so every kitchen in the process draws from the same roll.
final class TicketDispenser: Sendable {
    private let last = Mutex(0)

    /// Creates a dispenser whose first ticket is 1.
    init() {}

    /// The next ticket number.
    func next() -> Int {
        last.withLock { last in
            last += 1
            return last
        }
    }
}
