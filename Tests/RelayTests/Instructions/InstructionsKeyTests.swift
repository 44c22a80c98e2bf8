import Testing
@testable import Relay
@testable import RelayInstructions

@Suite("Keys: equality, hashing and the merge's bookkeeping")
struct InstructionsKeyTests {
    @Test("keys that are equal as strings are equal keys, hash alike and find each other")
    func canonicallyEquivalentKeys() {
        let pairs: [(String, String)] = [
            ("MyApp.Caf\u{E9}", "MyApp.Cafe\u{301}"),  // precomposed and decomposed é
            ("MyApp.\u{212A}elvin", "MyApp.Kelvin"),  // the Kelvin sign is canonically K
        ]
        for (written, other) in pairs {
            #expect(DependencyTypeKey(written) == DependencyTypeKey(other))
            #expect(DependencyFactoryKey(written) == DependencyFactoryKey(other))
            #expect(DependencyTypeKey(written).hashValue == DependencyTypeKey(other).hashValue)
            let table = [DependencyFactoryKey(written): 1]
            #expect(table[DependencyFactoryKey(other)] == 1)
        }
        #expect(DependencyTypeKey("MyApp.A") != DependencyTypeKey("MyApp.B"))
        #expect(DependencyTypeKey("MyApp.A").tag == "MyApp.A")
    }

    @Test("10,000 keys sharing a long prefix are all told apart")
    func manyKeysWithACommonPrefix() {
        let tags = (0..<10_000).map { "MyApp.Features.Checkout.Payments.Service\($0)" }
        let table = Dictionary(uniqueKeysWithValues: tags.enumerated().map { (DependencyTypeKey($1), $0) })
        #expect(table.count == 10_000)
        #expect(tags.indices.allSatisfy { table[DependencyTypeKey(tags[$0])] == $0 })
        #expect(table[DependencyTypeKey("MyApp.Features.Checkout.Payments.Service10000")] == nil)
    }

    @Test("a repeat inside one input, across two meta containers of one scope, notes the definition it repeats")
    func repeatNoteAcrossMetaContainers() {
        func definition(_ type: DependencyTypeKey, line: Int) -> DependencyDefinition {
            DependencyDefinition(typeIdentifier: type, factoryIdentifier: "F", origin: .file("app.relay", line: line, column: 1))
        }
        let plan = BindingPlan(merging: [
            .init(name: "higher", instructions: DependencyMetaContainer(scope: "s", definitions: [definition("B", line: 9)]).instructions),
            .init(name: "code", instructions: [
                DependencyMetaContainer(scope: "s", definitions: [definition("A", line: 1), definition("B", line: 2)]),
                DependencyMetaContainer(scope: .global, definitions: [definition("A", line: 3)]),
                DependencyMetaContainer(scope: "s", definitions: [definition("C", line: 4), definition("A", line: 5)]),
            ].flatMap(\.instructions)),
        ])
        #expect(plan.diagnostics.map(\.origin.line) == [5])
        #expect(plan.diagnostics.map { $0.notes.map(\.origin.line) } == [[1]])
        // The higher input's B wins; the code's B is recorded as overridden by it.
        #expect(plan.bindings.map(\.winner.instruction.type.tag) == ["B", "A", "A", "C"])
        #expect(plan.bindings.first?.overridden.map(\.origin.line) == [2])
    }
}
