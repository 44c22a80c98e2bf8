import Foundation
import Testing
@testable import Relay
@testable import RelayInstructions

@Suite("Instructions: canonical form and encoding")
struct InstructionsFormattingTests {
    @Test func omitsDefaults() {
        #expect(DependencyInjectionInstruction(type: "A", factory: "B").description == "type=A,factory=B")
        #expect(DependencyInjectionInstruction(type: "A", factory: "B", scope: "checkout", lifecycle: .transient).description
            == "type=A,factory=B,scope=checkout,lifecycle=transient")
        #expect(DependencyInjectionInstruction(type: "A", factory: "B", lifecycle: .transient).description
            == "type=A,factory=B,lifecycle=transient")
    }

    @Test func keepsBalancedGenericsReadable() {
        let instruction = DependencyInjectionInstruction(type: "MyApp.Cache<Swift.String, Swift.Int>", factory: "F")
        #expect(instruction.description == "type=MyApp.Cache<Swift.String, Swift.Int>,factory=F")
        let closure = DependencyInjectionInstruction(type: "(Int, String) -> Void", factory: "F")
        #expect(closure.description == "type=(Int, String) -> Void,factory=F")
    }

    @Test func escapesSpecialCharacters() {
        #expect(InstructionFormatter.escape(##"a\b=c;d#e"##) == ##"a\\b\=c\;d\#e"##)
        #expect(InstructionFormatter.escape("a,b") == #"a\,b"#)
        #expect(InstructionFormatter.escape(" a b ") == #"\ a b\ "#)
        #expect(InstructionFormatter.escape("\n\r\t\u{7}") == #"\n\r\t\u{7}"#)
    }

    @Test func escapesOpenersWhenUnbalanced() {
        #expect(InstructionFormatter.escape("A<B, C") == #"A\<B\, C"#)
        #expect(InstructionFormatter.escape("A<(B>") == #"A\<\(B>"#)
        #expect(InstructionFormatter.escape("A->B") == "A->B")
    }

    @Test func codableRoundTripAndDefaults() throws {
        let instruction = DependencyInjectionInstruction(type: "A", factory: "B", scope: "checkout", lifecycle: .transient)
        let data = try JSONEncoder().encode(instruction)
        #expect(try JSONDecoder().decode(DependencyInjectionInstruction.self, from: data) == instruction)
        let minimal = try JSONDecoder().decode(DependencyInjectionInstruction.self, from: Data(#"{"type":"A","factory":"B"}"#.utf8))
        #expect(minimal == DependencyInjectionInstruction(type: "A", factory: "B"))
        let scope = try JSONEncoder().encode(DependencyContainerScope("checkout"))
        #expect(String(decoding: scope, as: UTF8.self) == #""checkout""#)
    }

    @Test func locatedInstruction() {
        let located = LocatedInstruction(
            instruction: DependencyInjectionInstruction(type: "A", factory: "B", scope: "checkout"),
            origin: .file("config/ui.relay", line: 3, column: 1)
        )
        #expect(located.description == "type=A,factory=B,scope=checkout (config/ui.relay:3:1)")
        #expect(located.slot == Slot(scope: "checkout", type: DependencyTypeKey("A")))
    }
}
