// A weakSingleton's instance as a per-thread cache entry. Raw: a bitwise copy of the
// instance as `T`, taken without reference counting.

/// A `weakSingleton`'s instance as a per-thread cache holds it: as the `T` it was
/// resolved as, without keeping it alive.
///
/// `bits` is a copy of that `T` made without retaining anything (the instance is a class
/// instance, so a `T` holding it is a reference, possibly in an existential container,
/// never a box). It is read only with a strong reference taken from the weak one
/// (``retainedInstance()``), which the `T` handed out then owns. An instance that has
/// died reads as `nil`, and the resolve builds a new one, as the registration's cell
/// would.
///
/// Not generic, so that serving it instantiates no metadata. Owned by one thread's cache
/// entry; never shared with another thread.
final class WeakInstance {
    private weak var object: AnyObject?
    private let bits: UnsafeMutableRawPointer

    /// `value` is the instance `object` as `T`.
    init<T>(_ value: T, object: AnyObject) {
        self.object = object
        bits = .allocate(byteCount: max(1, MemoryLayout<T>.size), alignment: MemoryLayout<T>.alignment)
        withUnsafeBytes(of: value) { bytes in
            if let base = bytes.baseAddress { bits.copyMemory(from: base, byteCount: bytes.count) }
        }
        _ = bits.bindMemory(to: T.self, capacity: 1)
    }

    deinit { bits.deallocate() }

    /// A strong reference to the instance, if anyone still holds it; `nil` if it died.
    /// Pass it to ``value(as:owning:)``, which takes it over.
    func retainedInstance() -> Unmanaged<AnyObject>? {
        guard let object else { return nil }
        return Unmanaged.passRetained(consume object)
    }

    /// The same instance seen as a `U` (`value`), if it is still alive and `value` holds
    /// it as a reference at its start (a superclass, a class-bound or an opaque existential
    /// — not a value bridged from it): a cache entry for a type forwarded to a
    /// `weakSingleton` (``DependencyContainer/resolveForwarded(_:registration:caching:thread:)``).
    /// Like this one, it does not keep the instance alive.
    func forwarded<U>(as value: U) -> WeakInstance? {
        guard let object else { return nil }
        let address = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
        let start = withUnsafeBytes(of: value) { $0.count >= MemoryLayout<UInt>.size ? $0.loadUnaligned(as: UInt.self) : 0 }
        guard start == address else { return nil }
        return WeakInstance(value, object: object)
    }

    /// The instance as the `T` it was made with, owning `reference` (from
    /// ``retainedInstance()``): the bits are taken, not retained, and the reference is not
    /// released, so no other reference counting happens — on an object that has a weak
    /// reference, every retain and release takes the runtime's slow path. Not a `T?`: a
    /// function with an `Optional<T>` asks for that type's metadata on every call.
    ///
    /// Taking a `T` that holds a class reference copies its bytes and leaves them in
    /// place (such a `T` is bitwise-takable), so `bits` still holds them for the next
    /// take; it is never deinitialized, only deallocated.
    func value<T>(as type: T.Type, owning reference: Unmanaged<AnyObject>) -> T {
        _ = reference
        return bits.assumingMemoryBound(to: T.self).move()
    }
}
