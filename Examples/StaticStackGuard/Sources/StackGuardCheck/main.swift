// Runs chains of nested resolves on threads with small stacks of their own and prints one
// line per run: `ok <name>: <outcome>` or `FAIL <name>: <outcome>`. Exits 1 if any run
// failed. A stack overflow kills the process with SIGSEGV instead, which the calling
// script reports as such.
//
// Usage: StackGuardCheck            all runs
//        StackGuardCheck <name>     only the run named <name>
//        StackGuardCheck --list     the runs' names, one a line
import Relay
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// A thousand distinct types without a thousand declarations: `Link<A, B, C>` with each
// parameter one of ten digit types, so link 123 is `Link<D1, D2, D3>`.
protocol Digit: SendableMetatype {}
enum D0: Digit {}
enum D1: Digit {}
enum D2: Digit {}
enum D3: Digit {}
enum D4: Digit {}
enum D5: Digit {}
enum D6: Digit {}
enum D7: Digit {}
enum D8: Digit {}
enum D9: Digit {}

protocol LinkType: AnyObject, SendableMetatype { init() }
final class Link<A: Digit, B: Digit, C: Digit>: LinkType {
    init() {}
}

/// Transient links in a scope of their own: link `i`'s factory resolves link `i + 1`, up
/// to the last, whose factory resolves nothing.
enum Chain {
    static let length = 1_000
    static let digits: [any Digit.Type] = [D0.self, D1.self, D2.self, D3.self, D4.self, D5.self, D6.self, D7.self, D8.self, D9.self]
    static let container: DependencyContainer = {
        let container = DependencyContainer.container(for: DependencyContainerScope("static-stack-guard"))
        for i in 0..<length {
            register(link(i), next: i + 1 < length ? i + 1 : nil, in: container)
        }
        return container
    }()

    static func link(_ number: Int) -> any LinkType.Type {
        let hundreds = digits[number / 100], tens = digits[number / 10 % 10], ones = digits[number % 10]
        return make(hundreds, tens, ones)
    }

    private static func make<A: Digit, B: Digit, C: Digit>(_: A.Type, _: B.Type, _: C.Type) -> any LinkType.Type {
        Link<A, B, C>.self
    }

    private static func register<T: LinkType>(_: T.Type, next: Int?, in container: DependencyContainer) {
        container.register(T.self, lifecycle: .transient) { container in
            if let next { _ = try resolve(link(next), from: container) }
            return T()
        }
    }

    private static func resolve<T: LinkType>(_: T.Type, from container: DependencyContainer) throws(DependencyResolutionError) -> T {
        try container.tryResolve(T.self)
    }

    /// Resolves the chain's last `depth` links: `nil` when that resolved, else the error.
    static func outcome(depth: Int) -> DependencyResolutionError? {
        do {
            _ = try resolve(link(length - depth), from: container)
            return nil
        } catch {
            return error
        }
    }
}

/// Runs `body` on a new thread whose stack is exactly `stackSize` bytes (memory of its
/// own below a guard page: a size given to `pthread_attr_setstacksize` is only a minimum)
/// and waits for it. Returns how many bytes of the stack were ever written: the stack
/// starts zero-filled, so the lowest byte that is not zero is as deep as it went (the C
/// library's thread control block and thread-local storage at its top included).
@discardableResult
func runOnThread(stackSize: Int, _ body: @escaping () -> Void) -> Int {
    final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let mapping = mmap(nil, stackSize + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    precondition(mapping != MAP_FAILED)
    defer { munmap(mapping, stackSize + page) }
    precondition(mprotect(mapping, page, PROT_NONE) == 0)
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    precondition(pthread_attr_setstack(&attributes, mapping! + page, stackSize) == 0)
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    #if canImport(Darwin)
    var thread: pthread_t?
    precondition(pthread_create(&thread, &attributes, { raw in
        Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
        return nil
    }, context) == 0)
    pthread_join(thread!, nil)
    #elseif canImport(Musl)
    var thread: pthread_t?
    precondition(pthread_create(&thread, &attributes, { raw in
        Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
        return nil
    }, context) == 0)
    pthread_join(thread!, nil)
    #elseif canImport(Glibc)
    var thread = pthread_t()
    precondition(pthread_create(&thread, &attributes, { raw in
        Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
        return nil
    }, context) == 0)
    pthread_join(thread, nil)
    #endif
    let stack = (mapping! + page).assumingMemoryBound(to: UInt8.self)
    var untouched = 0
    while untouched < stackSize && stack[untouched] == 0 { untouched += 1 }
    return stackSize - untouched
}

/// One run: a chain of `depth` links on a `stackKiB` KiB stack, and whether it must
/// resolve or must throw a depth error.
struct Run {
    let name: String
    let stackKiB: Int
    let depth: Int
    let mustResolve: Bool
}

let runs = [
    Run(name: "short-128k", stackKiB: 128, depth: 10, mustResolve: true),
    Run(name: "legal-300-128k", stackKiB: 128, depth: 300, mustResolve: false),
    Run(name: "runaway-128k", stackKiB: 128, depth: Chain.length, mustResolve: false),
    Run(name: "runaway-256k", stackKiB: 256, depth: Chain.length, mustResolve: false),
    // The smallest stacks: each run is the process's first resolve of every link type
    // (the script starts a process per run), so the guard's reserve must also hold the
    // runtime instantiating metadata for them. 32 KiB is the least Relay supports.
    Run(name: "runaway-32k", stackKiB: 32, depth: Chain.length, mustResolve: false),
    Run(name: "runaway-40k", stackKiB: 40, depth: Chain.length, mustResolve: false),
    Run(name: "runaway-48k", stackKiB: 48, depth: Chain.length, mustResolve: false),
    Run(name: "runaway-56k", stackKiB: 56, depth: Chain.length, mustResolve: false),
    Run(name: "runaway-64k", stackKiB: 64, depth: Chain.length, mustResolve: false),
]

let only = CommandLine.arguments.dropFirst().first
if only == "--list" {
    for run in runs { print(run.name) }
    exit(0)
}
// Registered here, on the main thread, not on the first small stack.
_ = Chain.container
var failed = false
for run in runs where only == nil || only == run.name {
    // Written before the run, so that a crash shows which run it was.
    print("run \(run.name): \(run.depth) links on a \(run.stackKiB) KiB stack")
    fflush(nil)
    var result: DependencyResolutionError?
    let used = runOnThread(stackSize: run.stackKiB * 1024) { result = Chain.outcome(depth: run.depth) }
    let passed: Bool
    let described: String
    if let result {
        if case .resolutionTooDeep(let stoppedAt) = result.reason {
            passed = !run.mustResolve
            described = "DependencyResolutionError, too deep at \(stoppedAt) levels (chain of \(result.chain.count))"
        } else {
            passed = false
            described = "unexpected error: \(result)"
        }
    } else {
        passed = run.mustResolve
        described = "resolved"
    }
    // The last 2 KiB stay untouched, so that a factory a little larger than these does
    // not overflow where these did not.
    let roomy = used <= run.stackKiB * 1024 - 2048
    print("\((passed && roomy) ? "ok  " : "FAIL") \(run.name): \(described); \(used) of \(run.stackKiB * 1024) stack bytes used\(roomy ? "" : ", within 2 KiB of the end")")
    failed = failed || !passed || !roomy
}
exit(failed ? 1 : 0)
