import RelayTestSupport
import Relay
import RelayTesting
import Testing

// The README's step 5 as users write it: nothing but the index fills the index or
// registers the defaults, so every test here must pass whether it runs first, alone
// (Scripts/repeat-isolation-tests.sh runs each on its own) or in parallel with the rest.

protocol Pantry: Sendable { func items() async throws -> [String] }
struct LivePantry: Pantry { func items() async throws -> [String] { ["from the shop"] } }
struct StubPantry: Pantry { func items() async throws -> [String] { ["stub flour"] } }

/// A default registered only by `pantryIndex`'s `prepare`, so resolving it proves that
/// prepare ran before the test body.
final class PantryShelf: Sendable {
    let pantry: Pantry
    init(pantry: Pantry) { self.pantry = pantry }
}

/// How many times `pantryIndex`'s `prepare` has run in this process.
let pantryPreparations = Locked(0)

extension DynamicDependencyIndex {
    /// The test app's index, filled on first use.
    static let pantry = DynamicDependencyIndex { index in
        pantryPreparations.withLock { $0 += 1 }
        DependencyContainer.global.register(Pantry.self) { _ in LivePantry() }
        DependencyContainer.global.register(PantryShelf.self, lifecycle: .transient) { c in PantryShelf(pantry: try c.tryResolve()) }
        index.add(type: "RelayTestingTests.Pantry", Pantry.self)
        index.add(factory: "RelayTestingTests.Pantry.Stub", producing: Pantry.self) { _ in StubPantry() }
    }
}

@Test(.injecting("type=RelayTestingTests.Pantry,factory=RelayTestingTests.Pantry.Stub", index: .pantry))
func freeFunctionTraitFillsTheIndexFirst() async throws {
    let shelf = DependencyContainer.global.resolve(PantryShelf.self)
    #expect(try await shelf.pantry.items() == ["stub flour"])
    #expect(pantryPreparations.withLock { $0 } == 1)
}

@Test func listFormWithExpectTryAwaitInside() async throws {
    try await withInjectedDependencies(["type=RelayTestingTests.Pantry,factory=RelayTestingTests.Pantry.Stub"], index: .pantry) { () async throws in
        let shelf = DependencyContainer.global.resolve(PantryShelf.self)
        #expect(try await shelf.pantry.items() == ["stub flour"])
    }
    let items = try withInjectedDependencies(["type=RelayTestingTests.Pantry,factory=RelayTestingTests.Pantry.Stub"], index: .pantry) {
        DependencyContainer.global.resolve(Pantry.self) is StubPantry
    }
    #expect(items)
    #expect(pantryPreparations.withLock { $0 } == 1)
}

@Suite("A suite-level trait with an index that fills itself", .injecting("type=RelayTestingTests.Pantry,factory=RelayTestingTests.Pantry.Stub", index: .pantry))
struct InjectingBootstrapSuiteTests {
    @Test func first() async throws {
        #expect(try await DependencyContainer.global.resolve(PantryShelf.self).pantry.items() == ["stub flour"])
    }

    @Test(arguments: 0..<4)
    func eachCase(n: Int) async throws {
        #expect(try await DependencyContainer.global.resolve(Pantry.self).items() == ["stub flour"])
    }
}
