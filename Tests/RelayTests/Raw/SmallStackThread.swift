// Threads with a stack of an exact size, for the depth-guard tests: mapped memory, a
// guard page and pthread_create. Raw by nature, so in the tests' perimeter
// (Scripts/check-memory-safety.sh).

import Foundation
import RelayTestSupport
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What a thread started by ``runOnThread(stackSize:_:)`` runs.
private final class ThreadBody: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

/// Runs `body` on a new thread whose stack is exactly `stackSize` bytes and waits for it.
///
/// The stack is memory of its own (below a guard page): a size given with
/// `pthread_attr_setstacksize` is a minimum, and the C library may hand the thread a
/// larger stack it cached from an earlier thread, which would make the test too easy.
func runOnThread<Result: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> Result) -> Result {
    runOnThreadMeasuringStack(stackSize: stackSize, body).result
}

/// ``runOnThread(stackSize:_:)``, also returning how many bytes of the stack were ever
/// written: it starts zero-filled, so the lowest byte that is not zero is as deep as the
/// thread went (the C library's thread control block and thread-local storage, at the
/// top of the stack, included).
func runOnThreadMeasuringStack<Result: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> Result) -> (result: Result, stackBytesUsed: Int) {
    let result = Locked<Result?>(nil)
    let context = Unmanaged.passRetained(ThreadBody { result.withLock { $0 = body() } }).toOpaque()
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let mapping = mmap(nil, stackSize + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    precondition(mapping != MAP_FAILED)
    defer { munmap(mapping, stackSize + page) }
    precondition(mprotect(mapping, page, PROT_NONE) == 0)
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    precondition(pthread_attr_setstack(&attributes, mapping! + page, stackSize) == 0)
    #if canImport(Darwin)
    var thread: pthread_t?
    precondition(pthread_create(&thread, &attributes, { raw in
        Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue().body()
        return nil
    }, context) == 0)
    pthread_join(thread!, nil)
    #elseif canImport(Musl)
    var thread: pthread_t?
    precondition(pthread_create(&thread, &attributes, { raw in
        Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue().body()
        return nil
    }, context) == 0)
    pthread_join(thread!, nil)
    #elseif canImport(Glibc)
    var thread = pthread_t()
    precondition(pthread_create(&thread, &attributes, { raw in
        Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue().body()
        return nil
    }, context) == 0)
    pthread_join(thread, nil)
    #endif
    let stack = (mapping! + page).assumingMemoryBound(to: UInt8.self)
    var untouched = 0
    while untouched < stackSize && stack[untouched] == 0 { untouched += 1 }
    return (result.withLock { $0! }, stackSize - untouched)
}
