/// The registrations of one container: a hash table from a type to its registration.
///
/// A small open-addressing table rather than a `Dictionary`: the key is a type's metadata
/// address, which a multiply-shift spreads well enough (the same hash as the per-thread
/// resolve cache), so an insert or a look-up costs a multiply, a shift and a compare or
/// two instead of a full SipHash of the key. Registering a type spent a fifth of its time
/// in `Hasher` before. Nothing is ever removed but everything at once, so there are no
/// tombstones: linear probing, and the table grows (four times over while small, then twice)
/// when three quarters full.
///
/// `@unchecked Sendable` is safe: every method is called with `ResolutionEngine.shared.lock`
/// held (they are only called from `Container/Internal`, under that lock), so `slots`,
/// `capacity` and `count` are never touched by two threads at once.
final class RegistrationTable: @unchecked Sendable {
    private struct Slot {
        /// `UInt(bitPattern: key.id)`; 0 for an empty slot.
        var key: UInt = 0
        var registration: Registration?
    }

    private static let initialCapacity = 16
    private var slots: UnsafeMutablePointer<Slot>
    /// A power of two.
    private var capacity: Int
    /// How many slots are in use.
    private(set) var count = 0

    init() {
        capacity = Self.initialCapacity
        slots = Self.allocate(capacity)
    }

    deinit {
        slots.deinitialize(count: capacity)
        slots.deallocate()
    }

    /// The registration for `key`, if any.
    subscript(key: DependencyKey) -> Registration? {
        slots[index(of: UInt(bitPattern: key.id))].registration
    }

    /// Stores `registration` under its key; returns the registration it replaces.
    @discardableResult
    func updateValue(_ registration: Registration) -> Registration? {
        let key = UInt(bitPattern: registration.key.id)
        var index = index(of: key)
        if slots[index].key == 0 {
            if (count + 1) * 4 > capacity * 3 {
                grow()
                index = self.index(of: key)
            }
            slots[index].key = key
            count += 1
        }
        let replaced = slots[index].registration
        slots[index].registration = registration
        return replaced
    }

    /// Empties the table (back to its initial size) and returns what it held, so that the
    /// caller can release it after unlocking: a registration's release can release a
    /// singleton, whose `deinit` is user code.
    func removeAll() -> [Registration] {
        let removed = registrations
        slots.deinitialize(count: capacity)
        slots.deallocate()
        capacity = Self.initialCapacity
        slots = Self.allocate(capacity)
        count = 0
        return removed
    }

    /// Every registration, in no particular order.
    var registrations: [Registration] {
        var result: [Registration] = []
        result.reserveCapacity(count)
        for i in 0..<capacity {
            if let registration = slots[i].registration { result.append(registration) }
        }
        return result
    }

    /// Every key, in no particular order.
    var keys: [DependencyKey] { registrations.map(\.key) }

    /// The slot holding `key`, or the empty slot where it would go.
    private func index(of key: UInt) -> Int {
        let mask = capacity - 1
        var index = Self.home(of: key, capacity: capacity)
        while slots[index].key != key && slots[index].key != 0 {
            index = (index + 1) & mask
        }
        return index
    }

    private static func home(of key: UInt, capacity: Int) -> Int {
        // Metadata addresses are aligned; the multiply spreads the rest over the top bits,
        // which the shift keeps.
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> UInt(UInt.bitWidth - capacity.trailingZeroBitCount))
    }

    /// Quadruples the table while it is small (a container being filled by a few hundred
    /// `register` calls grows four times instead of seven, each growth a new array, a
    /// rehash and, in glibc's allocator, often a consolidation of freed memory), doubles it
    /// from 1,024 slots up. Each old slot is moved or deinitialized, once.
    private func grow() {
        let old = slots, oldCapacity = capacity
        capacity *= capacity < 1_024 ? 4 : 2
        slots = Self.allocate(capacity)
        let mask = capacity - 1
        // Each old slot is moved out or, when empty, deinitialized: none is written twice.
        for i in 0..<oldCapacity {
            guard old[i].key != 0 else {
                (old + i).deinitialize(count: 1)
                continue
            }
            var index = Self.home(of: old[i].key, capacity: capacity)
            while slots[index].key != 0 { index = (index + 1) & mask }
            slots[index] = (old + i).move()
        }
        old.deallocate()
    }

    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<Slot> {
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: capacity)
        slots.initialize(repeating: Slot(), count: capacity)
        return slots
    }
}
