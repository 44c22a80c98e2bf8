internal import CRelayAtomics

/// A pointer-sized integer (`Int` or `UInt`) that any thread may read and update, for the
/// five process-wide words of the engine: ``ResolutionEngine/generation``,
/// ``ResolutionEngine/activeOverrides``, ``ResolutionEngine/outermostWorkPossible``, ``ResolutionEngine/unitOfWorkPossible`` and
/// ``ResolutionEngine/layersMade``.
///
/// Relay's replacement for `Synchronization.Atomic`, which needs macOS 15 / iOS 18: the
/// word is a C object in the `CRelayAtomics` target, read and written with C11
/// `<stdatomic.h>` operations, which every platform has. The call shape is `Atomic`'s
/// (`load(ordering: .acquiring)`, `add(1, ordering: .releasing)`, …), so the code using
/// it reads the same.
///
/// An `AtomicWord` is a view: it holds only the word's address. The words have static
/// storage (see `CRelayAtomics.h`), so they never move, are never freed and are
/// initialised before any code runs; the properties returning them are computed, and cost
/// nothing once inlined — the resolve fast path reaches a word at a constant address,
/// without a lazy global's initialisation check.
///
/// `@unchecked Sendable` is safe: the only stored property, the word's address, is an
/// immutable `let` that never changes, and every access to the word itself is one of the
/// C11 atomic operations in `CRelayAtomics.h` (atomic load, store, fetch-add, fetch-sub).
/// There are no plain reads or writes of the word anywhere, so no two accesses from any
/// threads can race; the orderings below give the same guarantees as `Atomic`'s.
struct AtomicWord<Value: AtomicWordRepresentable>: @unchecked Sendable {
    /// How a load is ordered: `.relaxed`, or `.acquiring` (later reads and writes of this
    /// thread stay after it).
    enum LoadOrdering {
        case relaxed
        case acquiring
    }

    /// How a store is ordered: `.relaxed`, or `.releasing` (earlier reads and writes of
    /// this thread stay before it).
    enum StoreOrdering {
        case relaxed
        case releasing
    }

    /// How a read-modify-write is ordered: `.relaxed` or `.releasing`.
    enum UpdateOrdering {
        case relaxed
        case releasing
    }

    private let word: UnsafeMutablePointer<crelay_atomic_word>

    /// A view of `word`, which must have static storage.
    init(_ word: UnsafeMutablePointer<crelay_atomic_word>) {
        self.word = word
    }

    @inline(__always)
    func load(ordering: LoadOrdering) -> Value {
        switch ordering {
        case .relaxed: Value(atomicWordBits: crelay_atomic_word_load_relaxed(word))
        case .acquiring: Value(atomicWordBits: crelay_atomic_word_load_acquire(word))
        }
    }

    @inline(__always)
    func store(_ value: Value, ordering: StoreOrdering) {
        switch ordering {
        case .relaxed: crelay_atomic_word_store_relaxed(word, value.atomicWordBits)
        case .releasing: crelay_atomic_word_store_release(word, value.atomicWordBits)
        }
    }

    /// Adds `operand` and returns the values before and after. Traps on overflow, like
    /// `Atomic.add`.
    @inline(__always) @discardableResult
    func add(_ operand: Value, ordering: UpdateOrdering) -> (oldValue: Value, newValue: Value) {
        let bits = switch ordering {
        case .relaxed: crelay_atomic_word_fetch_add_relaxed(word, operand.atomicWordBits)
        case .releasing: crelay_atomic_word_fetch_add_release(word, operand.atomicWordBits)
        }
        let oldValue = Value(atomicWordBits: bits)
        return (oldValue, oldValue + operand)
    }

    /// Subtracts `operand` and returns the values before and after. Traps on overflow,
    /// like `Atomic.subtract`.
    @inline(__always) @discardableResult
    func subtract(_ operand: Value, ordering: UpdateOrdering) -> (oldValue: Value, newValue: Value) {
        let bits = switch ordering {
        case .relaxed: crelay_atomic_word_fetch_sub_relaxed(word, operand.atomicWordBits)
        case .releasing: crelay_atomic_word_fetch_sub_release(word, operand.atomicWordBits)
        }
        let oldValue = Value(atomicWordBits: bits)
        return (oldValue, oldValue - operand)
    }
}

/// A type an ``AtomicWord`` can hold: a pointer-sized integer, stored as its bit pattern.
protocol AtomicWordRepresentable: FixedWidthInteger {
    init(atomicWordBits: UInt)
    var atomicWordBits: UInt { get }
}

extension UInt: AtomicWordRepresentable {
    @inline(__always) init(atomicWordBits: UInt) { self = atomicWordBits }
    @inline(__always) var atomicWordBits: UInt { self }
}

extension Int: AtomicWordRepresentable {
    @inline(__always) init(atomicWordBits: UInt) { self = Int(bitPattern: atomicWordBits) }
    @inline(__always) var atomicWordBits: UInt { UInt(bitPattern: self) }
}
