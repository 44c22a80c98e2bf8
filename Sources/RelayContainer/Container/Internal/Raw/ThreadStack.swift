internal import CRelayThreads

/// Where the calling thread's stack ends, so that a deep chain of nested resolves stops
/// with an error before it overflows the stack.
///
/// Every nested resolve takes stack: the factory's frames and Relay's (docs/performance.md
/// gives the sizes). 512 levels — the depth limit — fit the 8 MiB of a main thread but
/// not always the 512 KiB of a secondary thread, where a legal chain of a few hundred
/// levels would overflow it. So each thread records the lowest address a nested resolve may
/// start at (`ResolutionThread.State.stackLimit`) and
/// ``ResolutionThread/push(_:requestedIn:detectsCycles:)`` compares the current stack address with it
/// at the first nested level and every ``checkInterval`` levels after it.
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

    /// How often a nested resolve checks the stack: at the first nested level (depth 1)
    /// and every `checkInterval`-th level after it (a power of two).
    static let checkInterval = 4

    /// The stack a nested resolve must find free to start: room for the frames of the
    /// ``checkInterval`` levels until the next check and their factories', and for
    /// building and throwing the depth error back up the chain.
    ///
    /// A quarter of the stack, at most 64 KiB — but never less than ``minimumReserve``,
    /// however small the stack. The floor is for what does not shrink with the stack: the
    /// first resolve of a type in the process instantiates generic metadata (the
    /// registration's `TypedFactoryCaller<T>`), and the Swift runtime's metadata
    /// instantiation runs its demangler, which needs several KiB of stack on top of the
    /// level's own frames, for each of the levels between two checks — as does building
    /// the depth error the first time. In a debug build the four levels take about
    /// 18 KiB, and the runtime about 10 KiB more on a cold chain.
    ///
    /// On a stack not much larger than the floor — under about 56 KiB, where the thread's
    /// own start and the outermost resolve already reach into the reserve — the first
    /// nested resolve finds too little free and throws the depth error: the outermost
    /// resolve runs, its factory cannot resolve another. Stacks of 160 KiB and more keep
    /// a quarter.
    static func reserve(forStackOf size: Int) -> Int {
        min(64 * 1024, max(size / 4, minimumReserve))
    }

    /// The least stack a nested resolve leaves for the levels up to the next check and the
    /// error path (see ``reserve(forStackOf:)``).
    static let minimumReserve = 40 * 1024

    /// An address in this function's stack frame: where the stack is now, give or take a
    /// frame. Not inlined: it takes the address of a local.
    @inline(never)
    static func currentAddress() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }
}
