import CBenchAtomics
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// This module is compiled separately from the benchmark bodies and nothing here is
// `@inlinable`, so to the optimizer working on `RelayBench` every function below is an
// opaque call that may read or write any memory. That is what keeps measured work alive:
// a loop body that feeds its result to `consume` cannot be deleted, hoisted or merged.

/// Everything consumed so far, folded together; printed at the end so it is observable.
private let consumed = AtomicWord(0)

/// Takes ownership of `object` (a +1 reference, released on return) and folds its
/// identity into `accumulator`. Opaque to the caller's optimizer.
///
/// Taking ownership makes every column measure the same thing: obtaining a reference the
/// caller owns, as `resolve` returns one. For the stored-property floor that is a load and
/// a retain; without it the floor could hand over a borrowed reference, which no resolve
/// API can.
@inline(never)
public func consume(_ object: consuming AnyObject, _ accumulator: inout UInt) {
    accumulator = (accumulator &<< 1 | accumulator &>> (UInt.bitWidth - 1)) ^ UInt(bitPattern: ObjectIdentifier(object))
}

/// Publishes a thread's accumulator (once per batch, so the atomic is off the hot path).
@inline(never)
public func publish(_ accumulator: UInt) {
    consumed.xorRelaxed(accumulator)
}

/// The fold of everything published.
public func consumedChecksum() -> UInt {
    consumed.loadRelaxed()
}

/// Makes `object` look escaped (and possibly modified) to the caller's optimizer.
@inline(never)
public func escape(_ object: AnyObject) {
    withExtendedLifetime(object) {}
}

/// Monotonic time in nanoseconds.
public func nowNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}

/// Online processors.
public func processorCount() -> Int {
    Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
}

/// Runs `body(index)` on `count` threads at once — the calling thread is index 0, the
/// others are fresh pthreads — and returns the wall time in nanoseconds from the moment
/// every thread is ready until the last one finishes. Thread creation is not timed.
public func runConcurrently(threads count: Int, _ body: @escaping @Sendable (Int) -> Void) -> UInt64 {
    precondition(count >= 1)
    let flags = StartFlags()
    var workers: [pthread_t] = []
    for index in 1..<count {
        let raw = Unmanaged.passRetained(WorkerContext(index: index, flags: flags, body: body)).toOpaque()
        // `pthread_t` is a pointer on Darwin and musl, an integer on glibc.
        #if canImport(Darwin) || canImport(Musl)
        var thread: pthread_t?
        let status = pthread_create(&thread, nil, workerMain, raw)
        precondition(status == 0, "pthread_create failed: \(status)")
        workers.append(thread!)
        #elseif canImport(Glibc)
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, workerMain, raw)
        precondition(status == 0, "pthread_create failed: \(status)")
        workers.append(thread)
        #endif
    }
    while flags.ready.loadAcquiring() != UInt(count - 1) { sched_yield() }
    let start = nowNanoseconds()
    flags.go.storeReleasing(1)
    body(0)
    for worker in workers { pthread_join(worker, nil) }
    return nowNanoseconds() - start
}

private final class StartFlags: Sendable {
    /// How many workers are ready.
    let ready = AtomicWord(0)
    /// 1 once the workers may start.
    let go = AtomicWord(0)
}

private final class WorkerContext: Sendable {
    let index: Int
    let flags: StartFlags
    let body: @Sendable (Int) -> Void

    init(index: Int, flags: StartFlags, body: @escaping @Sendable (Int) -> Void) {
        self.index = index
        self.flags = flags
        self.body = body
    }
}

// Darwin's headers declare the start routine's argument non-null; glibc's and musl's do not.
#if canImport(Darwin)
private func workerMain(_ raw: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    runWorker(raw)
}
#elseif canImport(Glibc) || canImport(Musl)
private func workerMain(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    runWorker(raw!)
}
#endif

private func runWorker(_ raw: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    let context = Unmanaged<WorkerContext>.fromOpaque(raw).takeRetainedValue()
    context.flags.ready.addReleasing(1)
    while context.flags.go.loadAcquiring() == 0 { sched_yield() }
    context.body(context.index)
    return nil
}

/// A word behind C11 atomics (`CBenchAtomics`), in heap storage that never moves.
/// (`Synchronization.Atomic` would need macOS 15 / iOS 18, above Relay's floor.)
///
/// `@unchecked Sendable` is safe: the only stored property is the word's address, a `let`
/// that never changes; every access to the word is one of `CBenchAtomics`' atomic
/// operations; and the word is freed only in `deinit`, when no thread can use it.
private final class AtomicWord: @unchecked Sendable {
    private let word: OpaquePointer

    init(_ initial: UInt) {
        word = bench_atomic_word_create(initial)
    }

    deinit {
        bench_atomic_word_destroy(word)
    }

    func loadRelaxed() -> UInt { bench_atomic_word_load_relaxed(word) }
    func loadAcquiring() -> UInt { bench_atomic_word_load_acquire(word) }
    func storeReleasing(_ value: UInt) { bench_atomic_word_store_release(word, value) }
    func addReleasing(_ operand: UInt) { bench_atomic_word_add_release(word, operand) }
    func xorRelaxed(_ operand: UInt) { bench_atomic_word_xor_relaxed(word, operand) }
}

/// Runs `body` on a new pthread whose stack is exactly `stackSize` bytes (memory of its
/// own, below a guard page — not a size hint, which the C library may satisfy with a
/// larger cached stack), and waits for it.
public func runOnThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let mapping = mmap(nil, stackSize + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    precondition(mapping != MAP_FAILED, "mmap failed")
    defer { munmap(mapping, stackSize + page) }
    precondition(mprotect(mapping, page, PROT_NONE) == 0, "mprotect failed")
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    precondition(pthread_attr_setstack(&attributes, mapping! + page, stackSize) == 0, "pthread_attr_setstack failed")
    let raw = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    #if canImport(Darwin) || canImport(Musl)
    var thread: pthread_t?
    precondition(pthread_create(&thread, &attributes, threadBodyMain, raw) == 0, "pthread_create failed")
    pthread_join(thread!, nil)
    #elseif canImport(Glibc)
    var thread = pthread_t()
    precondition(pthread_create(&thread, &attributes, threadBodyMain, raw) == 0, "pthread_create failed")
    pthread_join(thread, nil)
    #endif
}

private final class ThreadBody: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

#if canImport(Darwin)
private func threadBodyMain(_ raw: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue().body()
    return nil
}
#elseif canImport(Glibc) || canImport(Musl)
private func threadBodyMain(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue().body()
    return nil
}
#endif

/// The address of a local variable of the caller's caller: roughly the stack pointer.
@inline(never)
public func approximateStackPointer() -> UInt {
    var marker: UInt8 = 0
    return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}
