// A created singleton at a fixed address. Raw: the value lives in its own allocation,
// which the per-thread caches point at.

/// A created singleton. `SingletonValue<T>` for typed registrations, `SingletonValue<Any>`
/// for untyped ones.
///
/// The value lives in its own allocation at a fixed address (``storage``), so that a
/// thread's resolve cache can point at it directly and read it without touching the
/// holder (no generic field-offset look-up, no retain of the holder).
///
/// `@unchecked Sendable`: `storage` is a `let`, and the value it points to is written
/// once, in `init`, before the holder is published under the engine lock, and never
/// again until `deinit`. Handing the same instance to every thread that resolves it is
/// what a singleton means; whether `T` tolerates that is the registering code's contract
/// (docs/architecture.md, "Thread safety of your types").
final class SingletonValue<T>: @unchecked Sendable {
    let storage: UnsafeMutablePointer<T>

    init(_ value: T) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: value)
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    var value: T { storage.pointee }
}
