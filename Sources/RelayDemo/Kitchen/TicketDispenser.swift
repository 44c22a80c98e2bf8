import Foundation

/// Hands out ticket numbers 1, 2, 3… to kitchens, one per kitchen created. Registered as a
/// singleton, so every kitchen in the process draws from the same roll.
///
/// `@unchecked Sendable` is safe: `last` is only read or written in ``next()``, with
/// `lock` held. (An `NSLock` rather than `Synchronization.Mutex`, which needs macOS 15 /
/// iOS 18; `lock()`/`unlock()` rather than `withLock`, which Apple's Foundation has only
/// from macOS 14 / iOS 17.)
final class TicketDispenser: @unchecked Sendable {
    private let lock = NSLock()
    private var last = 0

    /// Creates a dispenser whose first ticket is 1.
    init() {}

    /// The next ticket number.
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        last += 1
        return last
    }
}
