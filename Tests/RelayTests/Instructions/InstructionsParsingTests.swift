import Testing
@testable import Relay
@testable import RelayInstructions

@Suite("Instructions: parsing valid instructions")
struct InstructionsParsingTests {
    @Test func requiredKeysWithDefaults() throws {
        let instruction = try DependencyInjectionInstruction(parsing: "type=MyApp.Backend,factory=MyApp.Backend.Stub")
        #expect(instruction.type == DependencyTypeKey("MyApp.Backend"))
        #expect(instruction.factory == DependencyFactoryKey("MyApp.Backend.Stub"))
        #expect(instruction.scope == .global)
        #expect(instruction.lifecycle == .singleton)
    }

    @Test func allKeys() throws {
        let instruction = try DependencyInjectionInstruction(parsing: "type=A,factory=B,scope=checkout,lifecycle=transient")
        #expect(instruction == DependencyInjectionInstruction(type: "A", factory: "B", scope: "checkout", lifecycle: .transient))
    }

    @Test(arguments: [
        "lifecycle=transient,scope=checkout,factory=B,type=A",
        "scope=checkout,type=A,lifecycle=transient,factory=B",
        "  type = A ,\tfactory=\tB\t, scope =checkout , lifecycle= transient  ",
    ])
    func keysInAnyOrderAndBlanksTrimmed(text: String) throws {
        let instruction = try DependencyInjectionInstruction(parsing: text)
        #expect(instruction == DependencyInjectionInstruction(type: "A", factory: "B", scope: "checkout", lifecycle: .transient))
    }

    @Test func explicitSingletonAndGlobal() throws {
        let instruction = try DependencyInjectionInstruction(parsing: "type=A,factory=B,scope=global,lifecycle=singleton")
        #expect(instruction == DependencyInjectionInstruction(type: "A", factory: "B"))
    }

    @Test func innerSpacesAreKept() throws {
        let instruction = try DependencyInjectionInstruction(parsing: "type= My Type ,factory=B")
        #expect(instruction.type.tag == "My Type")
    }

    @Test func genericsNeedNoEscapedCommas() throws {
        let instruction = try DependencyInjectionInstruction(parsing: "type=MyApp.Cache<Swift.String, Swift.Int>,factory=MyApp.Cache.InMemory")
        #expect(instruction.type.tag == "MyApp.Cache<Swift.String, Swift.Int>")
        #expect(instruction.factory.tag == "MyApp.Cache.InMemory")
    }

    @Test func nestedBracketsAndArrows() throws {
        let instruction = try DependencyInjectionInstruction(
            parsing: "type=Box<(Int, String) -> Void, [Int: [String]]>,factory=F")
        #expect(instruction.type.tag == "Box<(Int, String) -> Void, [Int: [String]]>")
    }

    @Test func arrowIsNeverACloser() throws {
        let instruction = try DependencyInjectionInstruction(parsing: "type=(Int) -> Void,factory=F")
        #expect(instruction.type.tag == "(Int) -> Void")
        // `->` inside `<…>` does not close the `<`, so the comma is still bracketed.
        let inside = try DependencyInjectionInstruction(parsing: "type=Handler<(A) -> B, C>,factory=F")
        #expect(inside.type.tag == "Handler<(A) -> B, C>")
    }

    @Test func mismatchedCloserIsLiteral() throws {
        let instruction = try DependencyInjectionInstruction(parsing: "type=A<B)>,factory=F")
        #expect(instruction.type.tag == "A<B)>")
        let stray = try DependencyInjectionInstruction(parsing: "type=A>B],factory=F")
        #expect(stray.type.tag == "A>B]")
    }

    @Test func escapes() throws {
        let instruction = try DependencyInjectionInstruction(
            parsing: ##"type=a\\b\,c\=d\;e\#f\ g\<h\>i\(j\)k\[l\]m,factory=\n\r\t\u{E9}\u{1F642}"##)
        #expect(instruction.type.tag == "a\\b,c=d;e#f g<h>i(j)k[l]m")
        #expect(instruction.factory.tag == "\n\r\té🙂")
    }

    @Test func escapedBlanksAreNotTrimmed() throws {
        let instruction = try DependencyInjectionInstruction(parsing: #"type=\ A\ ,factory=\t"#)
        #expect(instruction.type.tag == " A ")
        #expect(instruction.factory.tag == "\t")
    }

    @Test func escapedOpenerIsNotABracket() throws {
        let instruction = try DependencyInjectionInstruction(parsing: #"type=A\<B,factory=F"#)
        #expect(instruction.type.tag == "A<B")
    }

    @Test func bareSemicolonAndHashAreLiteral() throws {
        let instruction = try DependencyInjectionInstruction(parsing: "type=A;B#C,factory=F")
        #expect(instruction.type.tag == "A;B#C")
    }

    @Test("an '=' in a value must be escaped, as Relay 0.3 required")
    func equalsInAValue() throws {
        #expect(throws: DependencyInjectionInstructionError.malformattedDependencyParameter("type=A=B")) {
            try DependencyInjectionInstruction(parsing: "type=A=B,factory=F")
        }
        #expect(try DependencyInjectionInstruction(parsing: #"type=A\=B,factory=F"#).type.tag == "A=B")
    }

    @Test("the lifecycle may be written in any case, as Relay 0.3 accepted")
    func lifecycleInAnyCase() throws {
        #expect(try DependencyInjectionInstruction(parsing: "type=A,factory=B,lifecycle=Transient").lifecycle == .transient)
        #expect(try DependencyInjectionInstruction(parsing: "type=A,factory=B,lifecycle=SINGLETON").lifecycle == .singleton)
    }

    @Test("init(parsing:) throws Relay 0.3's cases where 0.3 had them")
    func seedErrorCases() {
        func seed(_ text: String) -> DependencyInjectionInstructionError? {
            do {
                _ = try DependencyInjectionInstruction(parsing: text)
                return nil
            } catch {
                return error
            }
        }
        #expect(seed("factory=B") == .missingType)
        #expect(seed("type=A") == .missingFactory)
        #expect(seed("type=A,colour=red,factory=B") == .unrecognizedParameter("colour=red"))
        #expect(seed("type=A,factory") == .malformattedDependencyParameter("factory"))
        #expect(seed("type=,factory=B") == .malformattedDependencyParameter("type="))
        #expect(seed("type=A,factory=B,lifecycle=forever") == .malformattedDependencyParameter("lifecycle=forever"))
        guard case let .invalidInstruction(message, column)? = seed(#"type=A\q,factory=B"#) else {
            Issue.record("an invalid escape is Relay's own case")
            return
        }
        #expect(column == 7)
        #expect(message.hasPrefix("invalid escape"))
    }

    @Test("a blank where a ',' was meant points at the key in the value")
    func lostComma() {
        #expect(throws: DependencyInjectionInstructionError.malformattedDependencyParameter("type=A factory=B")) {
            try DependencyInjectionInstruction(parsing: "type=A factory=B")
        }
        #expect(DependencyInjectionInstructionError.invalidInstruction(message: "m", column: 3).description == "column 3: m")
    }

    @Test func nonASCII() throws {
        let instruction = try DependencyInjectionInstruction(parsing: "type=Café.🙂,factory=F")
        #expect(instruction.type.tag == "Café.🙂")
    }

    @Test func losslessStringConvertible() {
        #expect(DependencyInjectionInstruction("type=A,factory=B") == DependencyInjectionInstruction(type: "A", factory: "B"))
        #expect(DependencyInjectionInstruction("type=A") == nil)
    }

    @Test func internalParseReportsExplicitScope() throws {
        let implicit = try InstructionParser.parse("type=A,factory=B", defaultScope: "checkout")
        #expect(implicit.instruction.scope == "checkout")
        #expect(!implicit.scopeIsExplicit)
        let explicit = try InstructionParser.parse("type=A,factory=B,scope=global"[...], defaultScope: "checkout")
        #expect(explicit.instruction.scope == .global)
        #expect(explicit.scopeIsExplicit)
    }
}
