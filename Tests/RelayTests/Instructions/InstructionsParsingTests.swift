import Testing
@testable import Relay

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

    @Test func valueSplitsAtFirstEquals() throws {
        let instruction = try DependencyInjectionInstruction(parsing: "type=A=B,factory=F")
        #expect(instruction.type.tag == "A=B")
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
