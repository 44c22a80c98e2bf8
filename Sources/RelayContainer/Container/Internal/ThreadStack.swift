internal import CRelayThreads

/// Where the calling thread's stack ends, so that a deep chain of nested resolves stops
/// with an error before it overflows the stack.
///
/// Every nested resolve takes stack: the factory's frames and Relay's (docs/performance.md
/// gives the sizes). 512 levels — the depth limit — fit the 8 MiB of a main thread but
/// not always the 512 KiB of a secondary thread, where a legal chain of a few hundred
/// levels would overflow it. So each thread records the lowest address a nested resolve may
/// start at (`ResolutionThread.State.stackLimit`) and
/// ``ResolutionThread/push(_:requestedIn:)`` compares the current stack address with it
/// every ``checkInterval`` levels.
///
/// The stack's bounds come from the C library, through the C target `CRelayThreads`
/// (`crelay_thread_stack`: `pthread_getattr_np` on Linux, `pthread_get_stackaddr_np` and
/// `pthread_get_stacksize_np` on Darwin), called directly and linked like any other C
/// function — so the guard works the same in a fully static executable
/// (`-static-executable`, `--static-swift-stdlib`), where looking the function up by name
/// at run time finds nothing.
enum ThreadStack {
    /// The calling thread's stack: its lowest address and its size in bytes, or `nil`
    /// when the platform does not say (then only the depth limit applies).
    static func bounds() -> (low: UInt, size: Int)? {
        var low: UInt = 0
        var size = 0
        guard crelay_thread_stack(&low, &size) == 0, size > 0 else { return nil }
        return (low, size)
    }

    /// How often a nested resolve checks the stack: at every `checkInterval`-th level
    /// (a power of two).
    static let checkInterval = 4

    /// The stack a nested resolve must find free to start: room for the frames of the
    /// ``checkInterval`` levels until the next check and their factories', and for
    /// building and throwing the depth error back up the chain.
    ///
    /// A quarter of the stack, at most 64 KiB — but never less than ``minimumReserve``
    /// (or two thirds of the stack, on a stack too small for that). The floor is for what
    /// does not shrink with the stack: the first resolve of a type in the process
    /// instantiates generic metadata (the registration's `TypedFactoryCaller<T>`), and the
    /// Swift runtime's metadata instantiation runs its demangler, which needs several KiB
    /// of stack on top of the level's own frames — as does building the depth error. A
    /// quarter of a small stack (12 KiB of 48 KiB) does not cover that: a runaway chain of
    /// new types would overflow inside the runtime instead of throwing. Stacks of 128 KiB
    /// and more keep a quarter.
    static func reserve(forStackOf size: Int) -> Int {
        min(64 * 1024, max(size / 4, min(minimumReserve, size / 3 * 2)))
    }

    /// The least stack a nested resolve leaves for the error path (see
    /// ``reserve(forStackOf:)``).
    static let minimumReserve = 32 * 1024

    /// An address in this function's stack frame: where the stack is now, give or take a
    /// frame. Not inlined: it takes the address of a local.
    @inline(never)
    static func currentAddress() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }
}
