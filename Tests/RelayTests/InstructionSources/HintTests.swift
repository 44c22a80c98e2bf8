import RelayTestSupport
@testable import Relay
@testable import RelayInstructions
import Testing

protocol HintWallClock: Sendable {}
struct HintFixedClock: HintWallClock {}
protocol HintBackend: Sendable {}
struct HintStubBackend: HintBackend {}

@Suite("Hints: the index's own keys, and ';' splitting an instruction")
struct HintTests {
    /// An index of two types, each with a factory producing it.
    static let index = DynamicDependencyIndex { index in
        index.add(type: "App.WallClock", HintWallClock.self)
        index.add(factory: "App.WallClock.Fixed", producing: HintWallClock.self) { _ in HintFixedClock() }
        index.add(type: "App.Backend", HintBackend.self)
        index.add(factory: "App.Backend.Stub", producing: HintBackend.self) { _ in HintStubBackend() }
    }

    /// What a registry over `index` reports for `arguments` and `environment`.
    private func error(_ arguments: [String], environment: [String: String] = [:], index: DynamicDependencyIndex = HintTests.index) -> String {
        let registry = DynamicDependencyRegistry(index: index, sources: [
            CommandLineInstructionSource(arguments: arguments, standardInput: SourcesReaderProbe().source("")),
            EnvironmentInstructionSource(environment: environment),
        ], policy: .enabled)
        do {
            let report = try registry.plan()
            return "no error; \(report)"
        } catch {
            return error.description
        }
    }

    // MARK: Examples from the index

    @Test("a -d without an instruction shows an instruction made of the index's keys")
    func flagExampleUsesIndexKeys() {
        #expect(error(["-d"]).hasPrefix("argv[0]: error: -d needs an instruction after it, e.g. -d type=App.Backend,factory=App.Backend.Stub\nargv[0]: note: Relay reads -d"))
        #expect(error(["-d", "--verbose"]).hasPrefix("argv[0]: error: -d needs an instruction after it, but the next argument, '--verbose', is a flag; e.g. -d type=App.Backend,factory=App.Backend.Stub\nargv[0]: note: Relay reads -d"))
    }

    @Test("a missing factory is shown with a factory for the instruction's own type, a missing type with its factory's type")
    func missingKeyExamplesMatchTheInstruction() {
        #expect(error(["-d", "type=App.WallClock"]) == "argv[1]:1: error: missing 'factory'; add factory=<factory key>, e.g. factory=App.WallClock.Fixed")
        #expect(error(["-d", "factory=App.WallClock.Fixed"]) == "argv[1]:1: error: missing 'type'; add type=<type key>, e.g. type=App.WallClock")
        // A type the index does not know: the first type with a factory.
        #expect(error(["-d", "type=App.Unknown"]) == "argv[1]:1: error: missing 'factory'; add factory=<factory key>, e.g. factory=App.Backend.Stub")
        #expect(error([], environment: ["RELAY_DEPENDENCIES": "type=App.WallClock,lifecycle=transient"])
            == "$RELAY_DEPENDENCIES:1:1: error: missing 'factory'; add factory=<factory key>, e.g. factory=App.WallClock.Fixed")
    }

    @Test("in-process overrides show the keys of the index they are given")
    func overridesUseIndexKeys() {
        let error = #expect(throws: DynamicInjectionError.self) {
            try DependencyOverrides(["type=App.WallClock", "factory=App.Backend.Stub"], index: HintTests.index)
        }
        #expect(error?.description == """
            override #1:1: error: missing 'factory'; add factory=<factory key>, e.g. factory=App.WallClock.Fixed
            override #2:1: error: missing 'type'; add type=<type key>, e.g. type=App.Backend
            """)
    }

    @Test("an index without keys, and a source read on its own, show the generic example")
    func genericWithoutKeys() throws {
        #expect(error(["-d"], index: DynamicDependencyIndex()).hasPrefix("argv[0]: error: -d needs an instruction after it, e.g. -d type=MyApp.BackendService,factory=MyApp.BackendService.Stub\nargv[0]: note: Relay reads -d"))
        let failure = #expect(throws: DynamicInjectionError.self) {
            try CommandLineInstructionSource(arguments: ["-d", "type=App.WallClock"]).readInstructions(context: InstructionReadContext())
        }
        #expect(failure?.description == "argv[1]:1: error: missing 'factory'; add factory=<factory key>, e.g. factory=MyApp.BackendService.Stub")
    }

    @Test("example keys are escaped so the example parses, and control characters are shown as escapes")
    func exampleKeysAreEscaped() {
        let example = InstructionExample(typeKey: "App.Weird=Type", factoryKey: "App.\u{1B}Stub")
        #expect(example.instruction == #"type=App.Weird\=Type,factory=App.\u{1B}Stub"#)
    }

    // MARK: ';' inside an instruction

    @Test("-d and .relay: a ';' before another key inside a value says ';' separates instructions only in RELAY_DEPENDENCIES")
    func semicolonInsideAValue() throws {
        #expect(error(["-d", "type=App.WallClock;factory=App.WallClock.Fixed"])
            == "argv[1]:19: error: ';' before 'factory=' inside the value of 'type' ('App.WallClock'); ';' separates instructions only in RELAY_DEPENDENCIES, so here it does not end the value — use ',' between keys (type=…,factory=…), and a -d or line of its own for each instruction")
        #expect(error(["-d", "type=App.Backend,factory=App.Backend.Stub;type=App.WallClock,factory=App.WallClock.Fixed"])
            == "argv[1]:42: error: ';' before 'type=' inside the value of 'factory' ('App.Backend.Stub'); ';' separates instructions only in RELAY_DEPENDENCIES, so here it does not end the value — use ',' between keys (factory=…,type=…), and a -d or line of its own for each instruction")
        let file = #expect(throws: DynamicInjectionError.self) {
            try InstructionSourceParsing.parseRelayText("type=App.WallClock;factory=App.WallClock.Fixed\n", source: "ui.relay", context: InstructionReadContext())
        }
        #expect(file?.description.hasPrefix("ui.relay:1:19: error: ';' before 'factory=' inside the value of 'type' ('App.WallClock'); ';' separates instructions only in RELAY_DEPENDENCIES") == true)
        // An escaped ';' is part of the value, and a ';' before something that is not a key is left to the '=' message.
        #expect(error(["-d", #"type=App.Wall\;factory=B,factory=C"#]).contains("unescaped '='"))
    }

    @Test("RELAY_DEPENDENCIES: an instruction split by ';' is one error naming the pieces and the joined instruction")
    func splitInstructionInTheEnvironment() {
        #expect(error([], environment: ["RELAY_DEPENDENCIES": "type=App.Backend,factory=App.Backend.Stub;type=App.WallClock;factory=App.WallClock.Fixed"])
            == "$RELAY_DEPENDENCIES:2:1: error: ';' split one instruction: 'type=App.WallClock' and 'factory=App.WallClock.Fixed' make sense only together; ';' separates instructions in $RELAY_DEPENDENCIES — use ',' between the keys of one instruction: 'type=App.WallClock,factory=App.WallClock.Fixed'")
        // Three pieces.
        #expect(error([], environment: ["RELAY_DEPENDENCIES": "type=App.WallClock; lifecycle=transient ;factory=App.WallClock.Fixed"])
            == "$RELAY_DEPENDENCIES:1:1: error: ';' split one instruction: 'type=App.WallClock', 'lifecycle=transient' and 'factory=App.WallClock.Fixed' make sense only together; ';' separates instructions in $RELAY_DEPENDENCIES — use ',' between the keys of one instruction: 'type=App.WallClock,lifecycle=transient,factory=App.WallClock.Fixed'")
        // A key cut off a whole instruction.
        #expect(error([], environment: ["RELAY_DEPENDENCIES": "type=App.WallClock,factory=App.WallClock.Fixed;lifecycle=transient"])
            == "$RELAY_DEPENDENCIES:2:1: error: ';' split one instruction: 'type=App.WallClock,factory=App.WallClock.Fixed' and 'lifecycle=transient' make sense only together; ';' separates instructions in $RELAY_DEPENDENCIES — use ',' between the keys of one instruction: 'type=App.WallClock,factory=App.WallClock.Fixed,lifecycle=transient'")
    }

    @Test("pieces that do not make an instruction together keep their own errors")
    func unrelatedPiecesKeepTheirErrors() {
        #expect(error([], environment: ["RELAY_DEPENDENCIES": "type=App.WallClock;type=App.Backend,factory=App.Backend.Stub"])
            == "$RELAY_DEPENDENCIES:1:1: error: missing 'factory'; add factory=<factory key>, e.g. factory=App.WallClock.Fixed")
        #expect(error([], environment: ["RELAY_DEPENDENCIES": "type=App.WallClock;lifecycle=transient"]) == """
            $RELAY_DEPENDENCIES:1:1: error: missing 'factory'; add factory=<factory key>, e.g. factory=App.WallClock.Fixed
            $RELAY_DEPENDENCIES:2:1: error: missing 'type'; add type=<type key>, e.g. type=App.Backend
            """)
    }
}
