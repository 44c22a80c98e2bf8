import Foundation
import Testing
@testable import Relay
@testable import RelayInstructions
@testable import RelayContainer

/// The depth guard on stacks too small for its usual reserve (a quarter of the stack).
/// The first resolve of each link type instantiates generic metadata, which takes the
/// Swift runtime's demangler several KiB of stack (see
/// ``ThreadStack/reserve(forStackOf:)``); with a quarter of a 48 KiB stack as the reserve,
/// a runaway chain of new types overflowed the stack inside the runtime. Run alone
/// (`swift test --filter DepthGuardSmallStack`), no link type has been resolved before.
@Suite("Depth guard: tiny stacks")
struct DepthGuardSmallStackTests {
    static let chain = DependencyChain(length: 1_000, scope: "depth-guard.small-stack")

    static func outcome(depth: Int) -> DependencyResolutionError? {
        do {
            try chain.resolve(depth: depth)
            return nil
        } catch {
            return error
        }
    }

    @Test("a runaway chain on a tiny stack throws a depth error instead of crashing", arguments: [48, 64])
    func runawayChainOnTinyStack(stackKiB: Int) throws {
        // Registered here, not on the tiny stack.
        _ = Self.chain
        let error = try #require(runOnThread(stackSize: stackKiB * 1024) { Self.outcome(depth: 1_000) })
        guard case .resolutionTooDeep(let stoppedAt) = error.reason else {
            Issue.record("expected a depth error, got \(error)")
            return
        }
        #expect(stoppedAt < 512)
        #expect(error.chain.count == stoppedAt + 1)
        #expect(error.description.contains("stack"))
    }

    /// Each size in a child process, whose first resolve of anything is the chain's, on the
    /// small thread: the Swift runtime instantiates the metadata of every link type on the
    /// way and Relay sets the thread and itself up, all on that stack. The chain must end in
    /// the depth error — on a stack too small to nest (under about 56 KiB in a debug
    /// build), at its first nested resolve — and leave the last 2 KiB of the stack
    /// untouched, so that a factory a little larger than the test's does not overflow it.
    /// Before issue 31 the guard first looked at the fourth level and kept two thirds of a
    /// small stack as its reserve: a debug build overflowed a 32 KiB stack (SIGSEGV).
    @Test("a runaway chain that is the process's first resolve ends in the depth error on every stack from 32 KiB", arguments: [32, 40, 48, 56, 64])
    func coldRunawayChain(stackKiB: Int) async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) { [stackKiB] in
            // Registered on the main thread; nothing resolved yet in this process.
            _ = DepthGuardSmallStackTests.chain
            let (error, used) = runOnThreadMeasuringStack(stackSize: stackKiB * 1024) { DepthGuardSmallStackTests.outcome(depth: 1_000) }
            func fail(_ message: String) -> Never {
                FileHandle.standardError.write(Data("\(stackKiB) KiB stack: \(message); \(used) bytes of the stack used\n".utf8))
                exit(1)
            }
            guard let error, case .resolutionTooDeep(let stoppedAt) = error.reason else { fail("no depth error: \(String(describing: error))") }
            guard stoppedAt >= 1, error.chain.count == stoppedAt + 1 else { fail("stopped at \(stoppedAt), chain of \(error.chain.count)") }
            let says = stoppedAt == 1 ? "this thread's stack (\(stackKiB) KiB) is too small for a resolve inside a factory" : "this thread's stack (\(stackKiB) KiB) has too little room left"
            guard error.description.contains(says) else { fail("the error does not say why: \(error)") }
            guard used <= stackKiB * 1024 - 2048 else { fail("within 2 KiB of the stack's end") }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.isEmpty, "\(stderr)")
    }

    @Test("the reserve keeps a floor on small stacks and a quarter on large ones")
    func reserve() {
        #expect(ThreadStack.reserve(forStackOf: 32 * 1024) == 40 * 1024)
        #expect(ThreadStack.reserve(forStackOf: 48 * 1024) == 40 * 1024)
        #expect(ThreadStack.reserve(forStackOf: 128 * 1024) == 40 * 1024)
        #expect(ThreadStack.reserve(forStackOf: 256 * 1024) == 64 * 1024)
        #expect(ThreadStack.reserve(forStackOf: 512 * 1024) == 64 * 1024)
        #expect(ThreadStack.reserve(forStackOf: 8 * 1024 * 1024) == 64 * 1024)
    }
}
