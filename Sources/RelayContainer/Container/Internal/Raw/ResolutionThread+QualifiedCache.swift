/// The per-thread cache of tagged and argument resolves.
///
/// The main cache (``ResolutionThread/MainSlot``) is keyed by container and type alone, which
/// keeps the untagged fast path to two compares. A resolve with a tag or a runtime
/// argument has its own entry point and looks here instead: an entry is *(container, type,
/// argument type, tag) → what the main cache would hold* — a singleton's address, a
/// transient's caller, a `weakSingleton`'s ``WeakInstance`` — or, for an argument
/// resolve, the registration and its `TypedArgumentFactory<A, T>`. A tagged resolve that
/// fell back to the untagged registration is cached under the tag it asked for.
///
/// Entries follow the main cache's rules: filled only outside override layers and only
/// for registrations the main cache would hold (typed, no completion hook, not main-actor
/// bound); dropped with it when any registration table changes (the generation); and the
/// objects they keep alive are retired, not released, while a factory runs on the thread.
extension ResolutionThread {
    struct QualifiedSlot {
        enum Entry {
            case empty
            /// The address of a singleton's `T` in its `SingletonValue<T>`.
            case singleton(UnsafeRawPointer)
            /// A transient registration's `TypedFactoryCaller<T>`.
            case transient(UnsafeRawPointer)
            /// A `weakSingleton`'s ``WeakInstance``.
            case weak(UnsafeRawPointer)
            /// An argument registration and its `TypedArgumentFactory<A, T>`.
            case argument(registration: UnsafeRawPointer, factory: UnsafeRawPointer)
        }

        var container: UInt = 0
        var type: UInt = 0
        /// `UInt(bitPattern: ObjectIdentifier(A.self))` for an argument resolve; 0 otherwise.
        var argument: UInt = 0
        /// The tag asked for (its name); `nil` for none.
        var tag: String? = nil
        var entry: Entry = .empty
        /// Keeps what `entry` points into alive (the holder, registration or weak instance).
        var object: AnyObject?
    }

    static let qualifiedSlotCountLog2 = 6
    static let qualifiedSlotCount = 1 << qualifiedSlotCountLog2

    @inline(__always)
    private static func qualifiedSlotIndex(container: UInt, type: UInt, argument: UInt) -> Int {
        let mixed = (type ^ (container &>> 4) ^ (argument &* 0x2545_F491_4F6C_DD1D)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed &>> UInt(UInt.bitWidth - qualifiedSlotCountLog2))
    }

    /// The entry for (`container`, `type`, `argument`, `tag`), wherever in its probe window
    /// it is. Call after ``validateCache(generation:)``.
    @inline(__always)
    func qualifiedEntry(container: UInt, type: UInt, argument: UInt, tag: String?) -> QualifiedSlot.Entry {
        let home = Self.qualifiedSlotIndex(container: container, type: type, argument: argument)
        for offset in 0..<Self.probeLength {
            let slot = state.pointee.qualifiedSlots + ((home + offset) & (Self.qualifiedSlotCount - 1))
            if slot.pointee.type == type, slot.pointee.container == container, slot.pointee.argument == argument, slot.pointee.tag == tag {
                return slot.pointee.entry
            }
        }
        return .empty
    }

    /// Caches `entry` (kept alive by `object`) for this thread, if the cache is still of
    /// `generation`.
    func fillQualified(container: ObjectIdentifier, type: Any.Type, argument: Any.Type?, tag: DependencyTag?, entry: QualifiedSlot.Entry, object: AnyObject, generation: UInt) {
        guard state.pointee.cacheGeneration == generation else { return }
        let container = UInt(bitPattern: container), type = UInt(bitPattern: ObjectIdentifier(type))
        let argument = argument.map { UInt(bitPattern: ObjectIdentifier($0)) } ?? 0
        let tag = tag?.name
        let slot = Self.slotToFill(in: state.pointee.qualifiedSlots, count: Self.qualifiedSlotCount, home: Self.qualifiedSlotIndex(container: container, type: type, argument: argument),
                                   isEntry: { $0.type == type && $0.container == container && $0.argument == argument && $0.tag == tag }, isFree: { $0.object == nil })
        state.pointee.retire(slot.pointee.object)
        slot.pointee = QualifiedSlot(container: container, type: type, argument: argument, tag: tag, entry: entry, object: object)
    }

    /// Empties the cache, retiring what it kept alive.
    func clearQualifiedCache() {
        let slots = state.pointee.qualifiedSlots
        for i in 0..<Self.qualifiedSlotCount where slots[i].object != nil {
            state.pointee.retire(slots[i].object)
            slots[i] = QualifiedSlot()
        }
    }
}

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
    /// `weakSingleton` (``DependencyContainer/resolveForwarded(_:caller:registration:implementation:tag:thread:generation:)``).
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
