// The per-thread resolve caches. Raw: slots hold unretained addresses of singletons,
// factory callers and weak instances, which the resolve path reads without reference
// counting (ResolutionThread says why that is safe).

/// One of a thread's three resolve caches (``ResolutionThread/State``): a small
/// open-addressed table of *(container, type, qualifier, tag) → what a repeated resolve
/// needs*.
///
/// - `main`: untagged resolves without an argument, keyed by container and type alone,
///   so the fast path (``DependencyContainer/resolveValue(_:)``) checks its home slot with
///   two compares.
/// - `qualified`: tagged and argument resolves; the qualifier is the argument's type, and
///   a tagged resolve that fell back to the untagged registration is kept under the tag
///   it asked for.
/// - `layers`: singletons resolved inside an override layer or a unit of work; the
///   qualifier is the layer's or unit's identifier (never reused). These entries retain
///   nothing: an entry is read only while its layer or unit is the current one, which
///   owns the singleton.
///
/// Every table is dropped when any registration table changes (its ``generation`` is
/// behind the engine's). What the `main` and `qualified` tables keep alive is retired,
/// not released, while a factory runs on the thread (``ResolutionThread/State/retire(_:)``).
struct ThreadTable {
    struct Key: Equatable {
        var container: UInt = 0
        var type: UInt = 0
        /// 0 in `main`; the argument's type in `qualified`; the layer or unit in `layers`.
        var qualifier: UInt = 0
        /// The tag asked for (`qualified` only).
        var tag: String? = nil
    }

    /// What a slot holds for its key: a kind and one or two unretained addresses. A
    /// struct, not an enum with payloads, so that the fast path tests the kind it
    /// expects most (a singleton) with one compare.
    struct Entry {
        // The fast path tests singleton, then transient, then weak, and LLVM orders such
        // a chain by raw value: the singleton, tested most, comes first.
        enum Kind: UInt8 {
            /// `address`: a singleton's `T` in its `SingletonValue<T>`.
            case singleton
            /// `address`: a transient registration's `TypedFactoryCaller<T>`.
            case transient
            /// `address`: a `weakSingleton`'s ``WeakInstance``.
            case weak
            /// `address`: an argument registration; `factory`: its `TypedArgumentFactory<A, T>`.
            case argument
            case empty
        }

        var kind = Kind.empty
        /// Set for every kind but `empty`.
        var address: UnsafeRawPointer? = nil
        var factory: UnsafeRawPointer? = nil

        static var empty: Entry { Entry() }
        static func singleton(_ address: UnsafeRawPointer) -> Entry { Entry(kind: .singleton, address: address) }
        static func transient(_ address: UnsafeRawPointer) -> Entry { Entry(kind: .transient, address: address) }
        static func weak(_ address: UnsafeRawPointer) -> Entry { Entry(kind: .weak, address: address) }
        static func argument(registration: UnsafeRawPointer, factory: UnsafeRawPointer) -> Entry {
            Entry(kind: .argument, address: registration, factory: factory)
        }
    }

    struct Slot {
        var key = Key()
        var entry = Entry.empty
        /// Keeps what `entry` points into alive (the holder, registration or weak
        /// instance); `nil` in `layers`.
        var object: AnyObject?
    }

    /// How many consecutive slots, from its home slot, an entry may occupy. The fast path
    /// looks only at the home slot; ``find(_:)`` looks at all of them, so two hot types
    /// whose home slots collide cost a little each instead of evicting each other.
    static let probeLength = 4

    let slots: UnsafeMutablePointer<Slot>
    /// The number of slots minus one (the count is a power of two).
    let mask: Int
    /// `UInt.bitWidth` minus the count's log2: what ``home(container:type:qualifier:shift:)`` shifts by.
    let shift: UInt
    /// The engine's generation the entries were filled under.
    var generation: UInt = 0

    init(countLog2: Int) {
        mask = (1 << countLog2) - 1
        shift = UInt(UInt.bitWidth - countLog2)
        slots = .allocate(capacity: mask + 1)
        slots.initialize(repeating: Slot(), count: mask + 1)
    }

    func destroy() {
        slots.deinitialize(count: mask + 1)
        slots.deallocate()
    }

    /// The home slot of a key. The raw addresses, not `hashValue` (a full SipHash per
    /// call): metadata and objects are aligned, and the multiply spreads the other bits.
    @inline(__always)
    static func home(container: UInt, type: UInt, qualifier: UInt, shift: UInt) -> Int {
        let mixed = (type ^ (container &>> 4) ^ (qualifier &* 0x2545_F491_4F6C_DD1D)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed &>> shift)
    }

    /// The entry for `key`, wherever in its probe window it is; `.empty` when none. An
    /// entry found away from its home slot is swapped into it, so that the type resolved
    /// now is the one the fast path finds next time (two hot types whose home slots
    /// collide then cost a swap each, not a miss).
    @inline(__always)
    func find(container: UInt, type: UInt, qualifier: UInt, tag: String?) -> Entry {
        let home = slots + Self.home(container: container, type: type, qualifier: qualifier, shift: shift)
        for offset in 0..<Self.probeLength {
            let slot = offset == 0 ? home : slots + ((home - slots &+ offset) & mask)
            if slot.pointee.key.type == type, slot.pointee.key.container == container,
               slot.pointee.key.qualifier == qualifier, slot.pointee.key.tag == tag {
                if offset != 0 { swap(&slot.pointee, &home.pointee) }
                return home.pointee.entry
            }
            // Slots are emptied only all at once, so no entry lies past an empty slot of
            // its window (swaps move entries, never holes).
            if slot.pointee.key.type == 0 { break }
        }
        return .empty
    }

    /// Stores `entry` for `key`: in the key's own slot if it has one, else the first free
    /// slot of its probe window, else its home slot. Returns what the slot kept alive
    /// before, for the caller to retire.
    mutating func store(_ key: Key, _ entry: Entry, object: AnyObject?) -> AnyObject? {
        let home = Self.home(container: key.container, type: key.type, qualifier: key.qualifier, shift: shift)
        var target = slots + home
        var foundFree = false
        for offset in 0..<Self.probeLength {
            let candidate = slots + ((home &+ offset) & mask)
            if candidate.pointee.key == key {
                target = candidate
                break
            }
            if !foundFree, candidate.pointee.key.type == 0 {
                target = candidate
                foundFree = true
            }
        }
        let displaced = target.pointee.object
        target.pointee = Slot(key: key, entry: entry, object: object)
        return displaced
    }

    /// Empties the table for `generation`, handing what it kept alive to `retire`.
    mutating func clear(generation: UInt, retire: (AnyObject?) -> Void) {
        for i in 0...mask where slots[i].key.type != 0 {
            retire(slots[i].object)
            slots[i] = Slot()
        }
        self.generation = generation
    }
}
