import Relay

// Types and keys shared by the dynamic-injection tests. Each test uses its own index and
// its own scopes, so tests can run in parallel against the process-global containers.

protocol DynBackend: AnyObject { var name: String { get } }
final class DynLiveBackend: DynBackend { let name = "live" }
final class DynStubBackend: DynBackend { let name = "stub" }
final class DynFixtureBackend: DynBackend { let name = "fixture" }

protocol DynClock: AnyObject { var now: Int { get } }
final class DynFixedClock: DynClock { let now = 42 }

protocol DynStore: AnyObject { var backend: DynBackend { get } }
final class DynLiveStore: DynStore {
    let backend: DynBackend
    init(backend: DynBackend) { self.backend = backend }
}

extension DependencyTypeKey {
    static let dynBackend = DependencyTypeKey("RelayTests.DynBackend")
    static let dynClock = DependencyTypeKey("RelayTests.DynClock")
    static let dynStore = DependencyTypeKey("RelayTests.DynStore")
}

extension DependencyFactoryKey {
    static let dynBackendStub = DependencyFactoryKey("RelayTests.DynBackend.Stub")
    static let dynBackendFixture = DependencyFactoryKey("RelayTests.DynBackend.Fixture")
    static let dynClockFixed = DependencyFactoryKey("RelayTests.DynClock.Fixed")
    static let dynUntypedStub = DependencyFactoryKey("RelayTests.DynBackend.UntypedStub")
}

struct DynTypeIndex: DependencyTypeIndexable {
    let index: [DependencyTypeKey: Any.Type] = [
        .dynBackend: DynBackend.self,
        .dynClock: DynClock.self,
        .dynStore: DynStore.self,
    ]
}

struct DynUntypedFactories: DependencyFactoryIndexable {
    let index: [DependencyFactoryKey: (DependencyContainer) -> Any] = [
        .dynUntypedStub: { _ in DynStubBackend() },
    ]
}

/// A fresh index with the test types, typed stubs and one untyped stub.
func makeDynIndex() -> DynamicDependencyIndex {
    let index = DynamicDependencyIndex()
    index.add(DynTypeIndex())
    index.add(DynUntypedFactories())
    index.add(factory: .dynBackendStub, producing: DynBackend.self) { _ in DynStubBackend() }
    index.add(factory: .dynBackendFixture, producing: DynBackend.self) { _ in DynFixtureBackend() }
    index.add(factory: .dynClockFixed, producing: DynClock.self) { _ in DynFixedClock() }
    return index
}

/// A scope unique to one test.
/// A scope of this test's own, in use by the "app" (its container exists), so that
/// instructions may name it.
func uniqueScope(_ name: String = #function) -> DependencyContainerScope {
    let scope = DependencyContainerScope("dyn.\(name).\(UInt64.random(in: 0...UInt64.max))")
    _ = DependencyContainer.container(for: scope)
    return scope
}
