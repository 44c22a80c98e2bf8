import Relay
import Testing

@Suite("Overrides: the last instruction wins, problems in the order given")
struct OverrideOrderTests {
    @Test("instructions added in code share the origin `code` and are still reported in the order given")
    func sharedOriginKeepsOrder() {
        var overrides = DependencyOverrides(index: makeDynIndex())
        overrides.add(DependencyInjectionInstruction(type: "RelayTests.First", factory: .dynBackendStub))
        overrides.add(DependencyInjectionInstruction(type: "RelayTests.Second", factory: .dynBackendStub))
        overrides.add(DependencyInjectionInstruction(type: "RelayTests.Third", factory: .dynBackendStub))
        let error = #expect(throws: DynamicInjectionError.self) { try withInjectedDependencies(overrides) {} }
        let named = error?.diagnostics.map { diagnostic in
            ["First", "Second", "Third"].first { diagnostic.message.contains("'RelayTests.\($0)'") }
        }
        #expect(named == ["First", "Second", "Third"])
    }

    @Test("instructions from strings are reported in the order given")
    func stringsKeepOrder() throws {
        let overrides = try DependencyOverrides([
            "type=RelayTests.DynBackend,factory=RelayTests.Nope1",
            "type=RelayTests.DynClock,factory=RelayTests.Nope2",
        ], index: makeDynIndex())
        let error = #expect(throws: DynamicInjectionError.self) { try withInjectedDependencies(overrides) {} }
        #expect(error?.diagnostics.map(\.origin.description) == ["override #1", "override #2"])
    }

    @Test("a later instruction for the same type wins, even over an earlier one that is wrong")
    func lastWins() throws {
        let overrides = try DependencyOverrides([
            "type=RelayTests.DynBackend,factory=RelayTests.Nope",
            "type=RelayTests.DynBackend,factory=RelayTests.DynBackend.Fixture",
            "type=RelayTests.DynBackend,factory=RelayTests.DynBackend.Stub",
        ], index: makeDynIndex())
        let name = try withInjectedDependencies(overrides) { DependencyContainer.global.resolve(DynBackend.self).name }
        #expect(name == "stub")
    }
}
