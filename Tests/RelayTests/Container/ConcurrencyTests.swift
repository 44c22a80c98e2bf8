import RelayTestSupport
import Foundation
import Relay
import Testing

protocol RaceService: AnyObject {}
final class RaceServiceImpl: RaceService {}
protocol RaceLeaf: AnyObject {}
final class RaceLeafImpl: RaceLeaf {}
protocol RaceRoot: AnyObject { var leaf: RaceLeaf { get } }
final class RaceRootImpl: RaceRoot {
    let leaf: RaceLeaf
    init(leaf: RaceLeaf) { self.leaf = leaf }
}
protocol SlowType: AnyObject {}
final class SlowImpl: SlowType {}
protocol FastType: AnyObject {}
final class FastImpl: FastType {}
protocol ThreadCycleA: AnyObject {}
protocol ThreadCycleB: AnyObject {}
final class ThreadCycleAImpl: ThreadCycleA {}
final class ThreadCycleBImpl: ThreadCycleB {}
protocol Churn: AnyObject { var generation: Int { get } }
final class ChurnImpl: Churn {
    let generation: Int
    init(_ generation: Int) { self.generation = generation }
}

/// Pass-through for a value that is only ever read after a thread joined.
final class Box<T>: @unchecked Sendable {
    // Safe in these tests: written by one thread before `runOnThreads` returns, read after.
    var values: [T?]
    init(count: Int) { values = Array(repeating: nil, count: count) }
}

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("many threads resolving a singleton first run its factory exactly once")
    func singletonOnce() throws {
        for round in 0..<20 {
            let container = DependencyContainer.container(for: DependencyContainerScope("concurrency.once.\(round)"))
            let calls = Locked(0)
            container.register(RaceService.self) { _ in
                calls.withLock { $0 += 1 }
                Thread.sleep(forTimeInterval: 0.001)
                return RaceServiceImpl()
            }
            let seen = Locked<Set<ObjectIdentifier>>([])
            runOnThreads(8) { _ in
                let service = container.resolve(RaceService.self)
                seen.withLock { _ = $0.insert(ObjectIdentifier(service)) }
            }
            #expect(calls.withLock { $0 } == 1)
            #expect(seen.withLock { $0.count } == 1)
        }
    }

    @Test("factories resolve other types from any thread")
    func nestedResolution() {
        let container = DependencyContainer.container(for: DependencyContainerScope("concurrency.nested"))
        container.register(RaceLeaf.self) { _ in RaceLeafImpl() }
        container.register(RaceRoot.self, lifecycle: .transient) { c in RaceRootImpl(leaf: try c.tryResolve()) }
        let leaves = Locked<Set<ObjectIdentifier>>([])
        runOnThreads(8) { _ in
            for _ in 0..<500 {
                let root = container.resolve(RaceRoot.self)
                leaves.withLock { _ = $0.insert(ObjectIdentifier(root.leaf)) }
            }
        }
        #expect(leaves.withLock { $0.count } == 1)
    }

    @Test("a slow factory does not block resolutions of unrelated types")
    func slowFactoryDoesNotBlock() throws {
        let container = DependencyContainer.container(for: DependencyContainerScope("concurrency.slow"))
        let release = DispatchSemaphore(value: 0)
        let entered = DispatchSemaphore(value: 0)
        container.register(SlowType.self) { _ in
            entered.signal()
            release.wait()
            return SlowImpl()
        }
        container.register(FastType.self) { _ in FastImpl() }
        let slowDone = DispatchSemaphore(value: 0)
        Thread { _ = container.resolve(SlowType.self); slowDone.signal() }.start()
        entered.wait()   // the slow factory is running now
        let fastDone = DispatchSemaphore(value: 0)
        Thread { _ = container.resolve(FastType.self); fastDone.signal() }.start()
        #expect(fastDone.wait(timeout: .now() + 10) == .success, "an unrelated resolve waited for a slow factory")
        release.signal()
        #expect(slowDone.wait(timeout: .now() + 10) == .success)
    }

    @Test("a cycle closed across two threads is reported, not deadlocked")
    func crossThreadCycle() throws {
        for round in 0..<10 {
            let container = DependencyContainer.container(for: DependencyContainerScope("concurrency.cycle.\(round)"))
            let aStarted = Latch()
            let bStarted = Latch()
            container.register(ThreadCycleA.self) { c in
                aStarted.open()
                bStarted.wait()
                _ = try c.tryResolve(ThreadCycleB.self)
                return ThreadCycleAImpl()
            }
            container.register(ThreadCycleB.self) { c in
                bStarted.open()
                aStarted.wait()
                _ = try c.tryResolve(ThreadCycleA.self)
                return ThreadCycleBImpl()
            }
            let errors = Locked<[DependencyResolutionError]>([])
            let done = DispatchGroup()
            for resolveA in [true, false] {
                done.enter()
                Thread {
                    do {
                        if resolveA { _ = try container.tryResolve(ThreadCycleA.self) } else { _ = try container.tryResolve(ThreadCycleB.self) }
                    } catch let error as DependencyResolutionError {
                        errors.withLock { $0.append(error) }
                    } catch {
                        Issue.record("unexpected error \(error)")
                    }
                    done.leave()
                }.start()
            }
            #expect(done.wait(timeout: .now() + 20) == .success, "deadlock: a cross-thread cycle was not detected")
            let reported = errors.withLock { $0 }
            #expect(reported.count == 2, "both resolves depend on the cycle and must fail")
            let crossThread = reported.first { if case .circularDependency(_, true) = $0.reason { true } else { false } }
            let e = try #require(crossThread)
            #expect(e.description.contains("circular dependency across threads"))
            if case let .circularDependency(cycle, _) = e.reason {
                #expect(cycle.first == cycle.last)
                #expect(Set(cycle) == ["RelayTests.ThreadCycleA", "RelayTests.ThreadCycleB"])
            }
        }
    }

    @Test("registering while other threads resolve is safe and converges")
    func registerWhileResolving() {
        let container = DependencyContainer.container(for: DependencyContainerScope("concurrency.churn"))
        container.register(Churn.self) { _ in ChurnImpl(0) }
        runOnThreads(4) { index in
            for step in 1...300 {
                if index == 0 {
                    container.register(Churn.self, lifecycle: step.isMultiple(of: 2) ? .transient : .singleton) { _ in ChurnImpl(step) }
                } else {
                    _ = container.resolve(Churn.self).generation
                }
            }
        }
        #expect(container.resolve(Churn.self).generation == 300)
    }
}
