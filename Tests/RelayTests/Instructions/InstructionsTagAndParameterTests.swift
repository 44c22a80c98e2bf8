import Foundation
import Testing
@testable import Relay
@testable import RelayInstructions

@Suite("Instructions: tag= and parameter=")
struct InstructionsTagAndParameterTests {
    @Test func tagAndParameterAreParsed() throws {
        let instruction = try DependencyInjectionInstruction(
            parsing: "type=MyApp.NetworkLayer,factory=MyApp.NetworkLayer.Stub,tag=Production,parameter=insufficient-funds")
        #expect(instruction.tag == DependencyTag("Production"))
        #expect(instruction.parameter == "insufficient-funds")
        #expect(instruction.scope == .global)
        #expect(instruction.lifecycle == .singleton)
    }

    @Test func withoutThemBothAreNil() throws {
        let instruction = try DependencyInjectionInstruction(parsing: "type=A,factory=B,scope=s,lifecycle=transient")
        #expect(instruction.tag == nil)
        #expect(instruction.parameter == nil)
        #expect(instruction == DependencyInjectionInstruction(type: "A", factory: "B", scope: "s", lifecycle: .transient))
    }

    @Test(arguments: [
        "parameter=2025-03-14T09:00:00Z,lifecycle=transient,tag=Production,scope=checkout,factory=B,type=A",
        " tag = Production , type=A,factory=B,scope=checkout,parameter= 2025-03-14T09:00:00Z ,lifecycle=Transient",
    ])
    func keysInAnyOrder(text: String) throws {
        let instruction = try DependencyInjectionInstruction(parsing: text)
        #expect(instruction == DependencyInjectionInstruction(type: "A", factory: "B", scope: "checkout", lifecycle: .transient, tag: "Production", parameter: "2025-03-14T09:00:00Z"))
    }

    @Test func canonicalOrderIsTypeFactoryScopeTagLifecycleParameter() {
        let instruction = DependencyInjectionInstruction(type: "A", factory: "B", scope: "checkout", lifecycle: .transient, tag: "Production", parameter: "x")
        #expect(instruction.description == "type=A,factory=B,scope=checkout,tag=Production,lifecycle=transient,parameter=x")
        #expect(DependencyInjectionInstruction(type: "A", factory: "B", tag: "Production").description == "type=A,factory=B,tag=Production")
        #expect(DependencyInjectionInstruction(type: "A", factory: "B", parameter: "7").description == "type=A,factory=B,parameter=7")
    }

    @Test(arguments: [
        " padded ", "a=b", "a,b", "semi;colon", "#hash", "back\\slash", "line\nfeed", "A<B, C", "(x, y)", "é🙂", "tab\tinside",
    ])
    func parameterAndTagRoundTrip(value: String) throws {
        let instruction = DependencyInjectionInstruction(type: "A", factory: "B", tag: DependencyTag(value), parameter: value)
        let reparsed = try DependencyInjectionInstruction(parsing: instruction.description)
        #expect(reparsed == instruction)
        #expect(reparsed.parameter == value)
        #expect(reparsed.tag?.name == value)
    }

    @Test func escapedEqualsInAParameter() throws {
        let instruction = try DependencyInjectionInstruction(parsing: #"type=A,factory=B,parameter=abc\=\="#)
        #expect(instruction.parameter == "abc==")
        #expect(instruction.description == #"type=A,factory=B,parameter=abc\=\="#)
    }

    @Test func errors() {
        let message = Self.failure
        #expect(message("type=A,factory=B,tag=") == "column 22: empty value for 'tag'; write a value after 'tag='")
        #expect(message("type=A,factory=B,parameter=") == "column 28: empty value for 'parameter'; write a value after 'parameter='")
        #expect(message("type=A,factory=B,tag=x,tag=y") == "column 24: duplicate key 'tag' (first given at column 18); give each key once")
        #expect(message("type=A,factory=B,tga=x") == "column 18: unknown key 'tga'; did you mean 'tag'? (the valid keys are type, factory, scope, tag, lifecycle and parameter)")
        #expect(message("type=A,factory=B,paramter=x") == "column 18: unknown key 'paramter'; did you mean 'parameter'? (the valid keys are type, factory, scope, tag, lifecycle and parameter)")
        #expect(message("type=A,factory=B,parameter=a=b") == "column 29: unescaped '=' in the value of 'parameter'; write '\\=' for a literal '='")
        #expect(message("type=A,factory=B,tag=Production parameter=x") == "column 33: 'parameter=' inside the value of 'tag'; separate pairs with ',' (tag=…,parameter=…)")
    }

    @Test func everyLifecycleIsAcceptedByNameInAnyCase() throws {
        for lifecycle in LifecycleType.allCases {
            for written in [lifecycle.rawValue, lifecycle.rawValue.uppercased(), lifecycle.rawValue.lowercased()] {
                let instruction = try DependencyInjectionInstruction(parsing: "type=A,factory=B,lifecycle=\(written)")
                #expect(instruction.lifecycle == lifecycle)
            }
            let canonical = DependencyInjectionInstruction(type: "A", factory: "B", lifecycle: lifecycle)
            #expect(try DependencyInjectionInstruction(parsing: canonical.description) == canonical)
        }
    }

    @Test func theInvalidLifecycleMessageListsEveryCase() {
        let names = LifecycleType.allCases.map { "'\($0.rawValue)'" }
        let list = names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
        #expect(throws: DependencyInjectionInstructionError.malformattedDependencyParameter("lifecycle=forever")) {
            try DependencyInjectionInstruction(parsing: "type=A,factory=B,lifecycle=forever")
        }
        #expect(Self.failure("type=A,factory=B,lifecycle=forever") == "column 28: invalid lifecycle 'forever'; lifecycle must be \(list)")
    }

    private static func failure(_ text: String) -> String? {
        do {
            _ = try InstructionParser.parse(text, defaultScope: .global)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func sameTypeWithTwoTagsIsTwoSlots() {
        let instructions = InstructionText.parseRelayFile(
            "type=MyApp.X,factory=A\ntype=MyApp.X,factory=B,tag=Production\ntype=MyApp.X,factory=C,tag=Staging",
            source: { .file("ui.relay", line: $0, column: $1) }, limits: .default).instructions
        #expect(instructions.count == 3)
        #expect(instructions.repeatDiagnostics.isEmpty)
    }

    @Test func aRepeatedTagIsADuplicate() {
        let instructions = InstructionText.parseRelayFile(
            "[checkout]\ntype=MyApp.X,factory=B,tag=Production\ntype=MyApp.X,factory=C,tag=Production",
            source: { .file("ui.relay", line: $0, column: $1) }, limits: .default).instructions
        #expect(instructions.repeatDiagnostics.map(\.description) == [
            """
            ui.relay:3:1: error: duplicate instruction for MyApp.X with tag=Production in scope checkout; each type and tag may be bound once per scope in one source — remove one of them
            ui.relay:2:1: note: previous instruction for MyApp.X is here
            """,
        ])
    }

    @Test func headersStayScopesForTaggedLines() {
        let instructions = InstructionText.parseRelayFile(
            "[checkout]\ntype=MyApp.X,factory=B,tag=Production,parameter=7",
            source: { .file("ui.relay", line: $0, column: $1) }, limits: .default).instructions
        #expect(instructions.map(\.instruction) == [DependencyInjectionInstruction(type: "MyApp.X", factory: "B", scope: "checkout", tag: "Production", parameter: "7")])
    }

    @Test func jsonOmitsWhatIsAbsentAndReadsWhatIsPresent() throws {
        let plain = DependencyInjectionInstruction(type: "A", factory: "B")
        let plainJSON = String(decoding: try JSONEncoder().encode(plain), as: UTF8.self)
        #expect(!plainJSON.contains("tag") && !plainJSON.contains("parameter"))
        let full = DependencyInjectionInstruction(type: "A", factory: "B", tag: "Production", parameter: "x")
        #expect(try JSONDecoder().decode(DependencyInjectionInstruction.self, from: JSONEncoder().encode(full)) == full)
        let old = try JSONDecoder().decode(DependencyInjectionInstruction.self, from: Data(#"{"type":"A","factory":"B"}"#.utf8))
        #expect(old == plain)
    }

    @Test func dependencyTagForms() {
        enum Environment: String { case production = "Production" }
        let literal: DependencyTag = "Production"
        #expect(DependencyTag(Environment.production) == literal)
        #expect(literal.description == "Production")
    }
}
