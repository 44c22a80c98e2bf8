#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where the calling thread's stack ends, so that a deep chain of nested resolves stops
/// with an error before it overflows the stack.
///
/// Every nested resolve takes stack: the factory's frames and Relay's (under 1 KiB in
/// release builds, about 3 KiB in debug builds, see docs/performance.md; before this
/// guard it was about 2 and 5–8 KiB). 512 levels — the depth limit — fit the 8 MiB of a
/// main thread but not always the 512 KiB of a secondary thread, where a legal 200-deep
/// chain used to crash. So each thread
/// records the lowest address a nested resolve may start at (`ResolutionThread.State.stackLimit`)
/// and ``ResolutionThread/push(_:requestedIn:)`` compares the current stack address
/// with it every ``checkInterval`` levels.
enum ThreadStack {
    /// The calling thread's stack: its lowest address and its size in bytes, or `nil`
    /// when the platform does not say (then only the depth limit applies).
    static func bounds() -> (low: UInt, size: Int)? {
        #if canImport(Darwin)
        let thread = pthread_self()
        let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
        let size = pthread_get_stacksize_np(thread)
        guard top > UInt(size) else { return nil }
        return (top - UInt(size), size)
        #elseif canImport(Glibc) || canImport(Musl)
        var attributes = pthread_attr_t()
        guard let getAttributes = getThreadAttributes, getAttributes(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var address: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
        return (UInt(bitPattern: address), size)
        #else
        return nil
        #endif
    }

    #if canImport(Darwin)
    // Darwin answers with pthread_get_stackaddr_np and pthread_get_stacksize_np.
    #elseif canImport(Glibc) || canImport(Musl)
    /// `int pthread_getattr_np(pthread_t, pthread_attr_t *)`, a GNU extension (also in
    /// musl) that the Swift `Glibc` module does not import, looked up once by name. It is
    /// a C function, so a `@convention(c)` pointer calls it exactly as C does.
    private static let getThreadAttributes: (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "pthread_getattr_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32).self)
    }()
    #endif

    /// How often a nested resolve checks the stack: at every `checkInterval`-th level
    /// (a power of two).
    static let checkInterval = 4

    /// The stack a nested resolve must find free to start: room for the frames of the
    /// ``checkInterval`` levels until the next check and their factories', and for
    /// building and throwing the depth error back up the chain. A quarter of the stack,
    /// at most 64 KiB.
    static func reserve(forStackOf size: Int) -> Int {
        min(64 * 1024, size / 4)
    }

    /// An address in this function's stack frame: where the stack is now, give or take a
    /// frame. Not inlined: it takes the address of a local.
    @inline(never)
    static func currentAddress() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }
}
