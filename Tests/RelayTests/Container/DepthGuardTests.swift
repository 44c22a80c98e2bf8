import Foundation
import RelayTestSupport
import Testing
@testable import Relay
@testable import RelayInstructions

// A thousand distinct types without a thousand declarations: `ChainLink<A, B, C>` with each
// parameter one of ten digit types, so link 123 is `ChainLink<D1, D2, D3>`.
protocol ChainDigit: SendableMetatype {}
enum ChainDigit0: ChainDigit {}
enum ChainDigit1: ChainDigit {}
enum ChainDigit2: ChainDigit {}
enum ChainDigit3: ChainDigit {}
enum ChainDigit4: ChainDigit {}
enum ChainDigit5: ChainDigit {}
enum ChainDigit6: ChainDigit {}
enum ChainDigit7: ChainDigit {}
enum ChainDigit8: ChainDigit {}
enum ChainDigit9: ChainDigit {}

protocol ChainLinkType: AnyObject, SendableMetatype { init() }
final class ChainLink<A: ChainDigit, B: ChainDigit, C: ChainDigit>: ChainLinkType {
    init() {}
}

/// Transient links in a scope of their own: link `i`'s factory resolves link `i + 1`, up
/// to `length - 1`, whose factory resolves nothing.
struct DependencyChain: Sendable {
    static let digits: [any ChainDigit.Type] = [
        ChainDigit0.self, ChainDigit1.self, ChainDigit2.self, ChainDigit3.self, ChainDigit4.self,
        ChainDigit5.self, ChainDigit6.self, ChainDigit7.self, ChainDigit8.self, ChainDigit9.self,
    ]

    static func link(_ number: Int) -> any ChainLinkType.Type {
        let hundreds = digits[number / 100], tens = digits[number / 10 % 10], ones = digits[number % 10]
        return make(hundreds, tens, ones)
    }

    private static func make<A: ChainDigit, B: ChainDigit, C: ChainDigit>(_: A.Type, _: B.Type, _: C.Type) -> any ChainLinkType.Type {
        ChainLink<A, B, C>.self
    }

    let length: Int
    let container: DependencyContainer

    init(length: Int, scope: String) {
        self.length = length
        container = DependencyContainer.container(for: DependencyContainerScope(scope))
        for i in 0..<length {
            Self.register(Self.link(i), next: i + 1 < length ? i + 1 : nil, in: container)
        }
    }

    private static func register<T: ChainLinkType>(_ type: T.Type, next: Int?, in container: DependencyContainer) {
        container.register(T.self, lifecycle: .transient) { container in
            if let next { _ = try resolve(link(next), from: container) }
            return T()
        }
    }

    private static func resolve<T: ChainLinkType>(_ type: T.Type, from container: DependencyContainer) throws(DependencyResolutionError) -> T {
        try container.tryResolve(T.self)
    }

    /// Resolves the chain's last `depth` links.
    func resolve(depth: Int) throws(DependencyResolutionError) {
        _ = try Self.resolve(Self.link(length - depth), from: container)
    }
}

@Suite("Depth guard: deep chains throw before the stack runs out")
struct DepthGuardTests {
    static let chain = DependencyChain(length: 1_000, scope: "depth-guard.chain")

    /// How a resolve of `depth` links went: `nil` when it resolved, else the error.
    static func outcome(depth: Int) -> DependencyResolutionError? {
        do {
            try chain.resolve(depth: depth)
            return nil
        } catch {
            return error
        }
    }

    @Test("a legal 100-deep chain resolves on a thread with a 512 KiB stack")
    func legalChainOnSmallStack() {
        let error = runOnThread(stackSize: 512 * 1024) { Self.outcome(depth: 100) }
        #expect(error == nil, "\(error.map(String.init(describing:)) ?? "")")
    }

    @Test("a chain too deep for the thread's stack throws a depth error naming the chain", arguments: [128, 512])
    func tooDeepForTheStack(stackKiB: Int) throws {
        // 511 links is within the depth limit (512), so only the stack can stop it.
        let error = try #require(runOnThread(stackSize: stackKiB * 1024) { Self.outcome(depth: 511) })
        guard case .resolutionTooDeep(let stoppedAt) = error.reason else {
            Issue.record("expected a depth error, got \(error)")
            return
        }
        #expect(stoppedAt < 511)
        #expect(error.chain.count == stoppedAt + 1)
        #expect(error.chain.first == DependencyKey(DependencyChain.link(1_000 - 511)).typeName)
        #expect(error.description.contains("stack"))
    }

    @Test("an endless chain stops at 512 nested resolutions on a large stack")
    func depthLimit() throws {
        let error = try #require(runOnThread(stackSize: 64 * 1024 * 1024) { Self.outcome(depth: 1_000) })
        #expect(error.reason == .resolutionTooDeep(limit: 512))
        #expect(error.chain.count == 513)
    }

    @Test("a deep chain inside a task throws instead of crashing")
    func insideATask() async {
        let error = await Task { Self.outcome(depth: 1_000) }.value
        guard case .resolutionTooDeep = error?.reason else {
            Issue.record("expected a depth error, got \(String(describing: error))")
            return
        }
    }
}
