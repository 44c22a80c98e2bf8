/// A value made once, by the first caller that asks for it.
///
/// - Callers asking while it is being made wait, and get the value made.
/// - A failed make is not kept: its error reaches that caller, and the next one makes the
///   value again.
/// - The maker asking again from inside its own make (the same `owner`) gets the error of
///   `reentered` at once, instead of waiting for itself forever.
///
/// ```swift
/// let connection = OnceValue<Connection, UInt>()
/// let open = try connection.get(by: threadID, reentered: { ConnectionError.cycle }) { try Connection.open() }
/// ```
///
/// `@unchecked Sendable` (when `Value` is `Sendable`) is safe: `state` is read and written
/// only inside `lock.withLock`, and `make` runs outside the lock, called only by the one
/// caller that moved `state` to `.making`.
package final class OnceValue<Value, Owner: Equatable & Sendable> {
    private enum State {
        case empty
        case making(by: Owner)
        case made(Value)
    }

    private let lock = ConditionLock()
    private var state = State.empty

    package init() {}

    /// The value: the one made, or made now by `make`, on this thread, as `owner`.
    package func get<Failure: Error>(by owner: Owner, reentered: () -> Failure, make: () throws(Failure) -> Value) throws(Failure) -> Value {
        let found = lock.withLock {
            lock.wait {
                guard case .making(let maker) = state else { return true }
                return maker == owner
            }
            defer { if case .empty = state { state = .making(by: owner) } }
            return state
        }
        switch found {
        case .made(let value):
            return value
        case .making:
            throw reentered()
        case .empty:
            let made = Result(catching: make)
            lock.withLock {
                if case .success(let value) = made { state = .made(value) } else { state = .empty }
                lock.broadcast()
            }
            return try made.get()
        }
    }
}

// Safe as the type's comment says: `state` only under `lock`, and it holds a `Value` only
// when `Value` is `Sendable`; `lock` is `Sendable`.
extension OnceValue: @unchecked Sendable where Value: Sendable {}
