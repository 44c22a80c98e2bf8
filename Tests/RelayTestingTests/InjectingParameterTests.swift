import Relay
import RelayTesting
import Testing

/// The index of the parameter tests: a greeting stub whose text is the instruction's
/// parameter.
let parameterIndex: DynamicDependencyIndex = {
    let index = DynamicDependencyIndex()
    index.add(type: .greeting, Greeting.self)
    index.add(factory: "RelayTestingTests.Greeting.Saying", producing: Greeting.self, parameter: DependencyParameter<String>(expecting: "the greeting's text")) { _, text in
        StubGreeting(text: text)
    }
    return index
}()

@Suite("Injecting trait with parameter=")
struct InjectingParameterTests {
    init() { registerLiveDefaults() }

    @Test(.injecting(#"type=RelayTestingTests.Greeting,factory=RelayTestingTests.Greeting.Saying,parameter=hello\, world"#, index: parameterIndex))
    func traitPassesTheParameter() {
        #expect(DependencyContainer.global.resolve(Greeting.self).text == "hello, world")
    }

    @Test("a missing parameter fails the trait with the pipeline's message")
    func missingParameter() throws {
        let trait: InjectingTrait = .injecting("type=RelayTestingTests.Greeting,factory=RelayTestingTests.Greeting.Saying", index: parameterIndex)
        let error = #expect(throws: DynamicInjectionError.self) {
            try withInjectedDependencies(DependencyOverrides(trait.instructions, index: parameterIndex)) {}
        }
        #expect(error?.description == "override #1: error: factory 'RelayTestingTests.Greeting.Saying' needs a parameter: expected the greeting's text; add parameter=<value> to the instruction")
    }
}
