import RelayTestSupport
import Foundation
import Relay
import Testing

// Each test uses types and scopes of its own, so tests can share the process-global
// containers (and bootstrap() builds every container's eager singletons) and still run in
// parallel.

private final class GraphLogger: Sendable {}
private final class GraphModel: Sendable {
    let logger: GraphLogger
    init(logger: GraphLogger) { self.logger = logger }
}
private final class GraphScreen: Sendable {
    let logger: GraphLogger
    let model: GraphModel
    init(logger: GraphLogger, model: GraphModel) { self.logger = logger; self.model = model }
}
private final class WeakService {}
private protocol WeakValueType {}
private struct WeakValue: WeakValueType {}
private final class EagerProbe {}
private final class EagerCounted {}
private final class EagerFailing {}
private final class EagerInjected {}
private final class EagerLazy {}
private struct EagerError: Error, CustomStringConvertible { var description: String { "no disk" } }

private let eagerCount = Locked(0)
private let eagerLazyCount = Locked(0)
private let injectedEagerStubMade = Locked(false)

private extension DependencyContainerScope {
    static let graphScope = DependencyContainerScope("LifecycleTests.graph")
    static let graphThreads = DependencyContainerScope("LifecycleTests.graphThreads")
    static let weakScope = DependencyContainerScope("LifecycleTests.weak")
    static let eagerScope = DependencyContainerScope("LifecycleTests.eager")
}

/// The failures of one bootstrap() that concern `type` (other tests may register eager
/// singletons of their own at the same time).
private func bootstrapFailures(about type: Any.Type) -> [DependencyValidationError.Failure] {
    do {
        try DependencyContainer.bootstrap()
        return []
    } catch {
        return error.failures.filter { $0.subject.hasPrefix(DependencyKey(type).typeName + " ") }
    }
}

@Suite("Lifecycles")
struct LifecycleTests {
    @Test("lifecycle raw values are what instructions write, in any case")
    func rawValues() throws {
        #expect(LifecycleType.allCases.map(\.rawValue) == ["singleton", "transient", "graph", "weakSingleton", "eagerSingleton", "unitOfWork"])
        #expect(LifecycleType(rawValue: "weakSingleton") == .weakSingleton)
        for (text, lifecycle) in [("graph", LifecycleType.graph), ("weakSingleton", .weakSingleton), ("WEAKSINGLETON", .weakSingleton), ("eagersingleton", .eagerSingleton), ("Transient", .transient)] {
            #expect(try DependencyInjectionInstruction(parsing: "type=A,factory=B,lifecycle=\(text)").lifecycle == lifecycle)
        }
    }

    @Test("graph: one instance per outermost resolve, shared by everything built inside it")
    func graphShared() {
        let c = DependencyContainer.container(for: .graphScope)
        c.register(GraphLogger.self, lifecycle: .graph) { _ in GraphLogger() }
        c.register(GraphModel.self, lifecycle: .transient) { c in GraphModel(logger: try c.tryResolve()) }
        c.register(GraphScreen.self, lifecycle: .transient) { c in GraphScreen(logger: try c.tryResolve(), model: try c.tryResolve()) }
        let first = c.resolve(GraphScreen.self)
        #expect(first.logger === first.model.logger)
        let second = c.resolve(GraphScreen.self)
        #expect(second.logger === second.model.logger)
        #expect(second.logger !== first.logger)
        // Resolved on its own, each resolve is outermost: a new instance each time.
        #expect(c.resolve(GraphLogger.self) !== c.resolve(GraphLogger.self))
    }

    @Test("graph instances under 8 threads: shared within one resolve, never across")
    func graphThreads() {
        let c = DependencyContainer.container(for: .graphThreads)
        c.register(GraphLogger.self, lifecycle: .graph) { _ in GraphLogger() }
        c.register(GraphModel.self, lifecycle: .graph) { c in GraphModel(logger: try c.tryResolve()) }
        c.register(GraphScreen.self, lifecycle: .transient) { c in GraphScreen(logger: try c.tryResolve(), model: try c.tryResolve()) }
        let loggers = Locked<[GraphLogger]>([])
        let mismatches = Locked(0)
        runOnThreads(8) { _ in
            var mine: [GraphLogger] = []
            for _ in 0..<200 {
                let screen = c.resolve(GraphScreen.self)
                if screen.logger !== screen.model.logger { mismatches.withLock { $0 += 1 } }
                mine.append(screen.logger)
            }
            loggers.withLock { $0 += mine }
        }
        #expect(mismatches.withLock { $0 } == 0)
        #expect(Set(loggers.withLock { $0.map(ObjectIdentifier.init) }).count == 1600, "every outermost resolve has its own (all are kept alive, so addresses are not reused)")
    }

    @Test("weakSingleton: shared while held, rebuilt after the last holder lets go")
    func weakSingleton() {
        let c = DependencyContainer.container(for: .weakScope)
        c.register(WeakService.self, lifecycle: .weakSingleton) { _ in WeakService() }
        var held: WeakService? = c.resolve(WeakService.self)
        #expect(c.resolve(WeakService.self) === held)
        weak let observed = held
        held = nil
        #expect(observed == nil, "the container keeps no strong reference")
        let again = c.resolve(WeakService.self)
        #expect(c.resolve(WeakService.self) === again)
    }

    @Test("weakSingleton of a value type is a clear error")
    func weakValueType() {
        let c = DependencyContainer.container(for: .weakScope)
        c.register(WeakValueType.self, lifecycle: .weakSingleton) { _ in WeakValue() }
        let registeredAt = #line - 1
        let error = #expect(throws: DependencyResolutionError.self) { try c.tryResolve(WeakValueType.self) }
        #expect(error?.reason == .notAnObject(actualType: "RelayTests.WeakValue"))
        let line = error?.description.components(separatedBy: "\n").first ?? ""
        #expect(line.hasSuffix("WeakValueType in scope 'LifecycleTests.weak': it is registered as a weakSingleton (at RelayTests/LifecycleTests.swift:\(registeredAt)), and its factory returned RelayTests.WeakValue, which is not a class instance; the container can only hold a class instance weakly."))
        #expect(error?.description.hasSuffix("fix: make the factory return a class instance, or register RelayTests.WeakValueType as a singleton or transient.") == true)
    }

    @Test("bootstrap() builds eager singletons once; a second call builds nothing new")
    func bootstrapBuilds() throws {
        let c = DependencyContainer.container(for: .eagerScope)
        c.register(EagerCounted.self, lifecycle: .eagerSingleton) { _ in
            eagerCount.withLock { $0 += 1 }
            return EagerCounted()
        }
        #expect(bootstrapFailures(about: EagerCounted.self).isEmpty)
        #expect(eagerCount.withLock { $0 } == 1)
        #expect(bootstrapFailures(about: EagerCounted.self).isEmpty)
        let first = c.resolve(EagerCounted.self)
        #expect(c.resolve(EagerCounted.self) === first)
        #expect(eagerCount.withLock { $0 } == 1)
    }

    @Test("an eager singleton not bootstrapped is a singleton built on first resolve")
    func eagerWithoutBootstrap() {
        let c = DependencyContainer.container(for: .eagerScope)
        c.register(EagerLazy.self, lifecycle: .eagerSingleton) { _ in
            eagerLazyCount.withLock { $0 += 1 }
            return EagerLazy()
        }
        let first = c.resolve(EagerLazy.self)
        #expect(c.resolve(EagerLazy.self) === first)
        #expect(eagerLazyCount.withLock { $0 } == 1)
    }

    @Test("bootstrap() collects every failure, naming the registration")
    func bootstrapFailure() {
        let c = DependencyContainer.container(for: .eagerScope)
        c.register(EagerFailing.self, lifecycle: .eagerSingleton) { _ in throw EagerError() }
        let registeredAt = #line - 1
        let failures = bootstrapFailures(about: EagerFailing.self)
        #expect(failures.count == 1)
        #expect(failures.first?.subject == "RelayTests.EagerFailing in scope 'LifecycleTests.eager' (registered at RelayTests/LifecycleTests.swift:\(registeredAt))")
        #expect(failures.first?.error.reason == .factoryFailed)
        let error = #expect(throws: DependencyBootstrapError.self) { try DependencyContainer.bootstrap() }
        #expect(error?.description.hasPrefix("Relay bootstrap could not build ") == true)
        #expect(error?.description.contains("\nRelayTests.EagerFailing in scope 'LifecycleTests.eager' (registered at RelayTests/LifecycleTests.swift:\(registeredAt)):\n  Relay cannot resolve") == true)
    }

    @Test("bootstrap() builds the injected binding, not the code registration it stands over")
    func bootstrapAfterInject() throws {
        let scope = DependencyContainerScope("LifecycleTests.eagerInjected")
        let c = DependencyContainer.container(for: scope)
        c.register(EagerInjected.self, lifecycle: .eagerSingleton) { _ in EagerInjected() }
        let index = DynamicDependencyIndex()
        index.add(type: DependencyTypeKey(String(reflecting: EagerInjected.self)), EagerInjected.self)
        index.add(factory: "RelayTests.EagerInjected.Stub", producing: EagerInjected.self) { _ in
            injectedEagerStubMade.withLock { $0 = true }
            return EagerInjected()
        }
        try DynamicDependencyRegistry(index: index, metaContainers: [
            DependencyMetaContainer(scope: scope, definitions: [DependencyDefinition(typeIdentifier: DependencyTypeKey(String(reflecting: EagerInjected.self)), factoryIdentifier: "RelayTests.EagerInjected.Stub", lifecycle: .eagerSingleton)]),
        ]).inject()
        #expect(bootstrapFailures(about: EagerInjected.self).isEmpty)
        #expect(injectedEagerStubMade.withLock { $0 })
        #expect(c.resolve(EagerInjected.self) === c.resolve(EagerInjected.self))
    }
}
