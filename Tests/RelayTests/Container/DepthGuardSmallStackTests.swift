import Testing
@testable import Relay
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

    @Test("the reserve keeps a floor on small stacks and a quarter on large ones")
    func reserve() {
        #expect(ThreadStack.reserve(forStackOf: 48 * 1024) == 32 * 1024)
        #expect(ThreadStack.reserve(forStackOf: 30 * 1024) == 20 * 1024)
        #expect(ThreadStack.reserve(forStackOf: 128 * 1024) == 32 * 1024)
        #expect(ThreadStack.reserve(forStackOf: 512 * 1024) == 64 * 1024)
        #expect(ThreadStack.reserve(forStackOf: 8 * 1024 * 1024) == 64 * 1024)
    }
}
