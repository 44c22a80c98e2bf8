import Testing
@testable import Relay
@testable import RelayInstructions

@Suite("Instructions: parse errors name the problem, the fix and the column")
struct InstructionsParseErrorTests {
    /// The positioned error every source reports (the public `init(parsing:)` throws its
    /// 0.3-shaped `seed`, tested below).
    private func error(parsing text: String) -> InstructionParser.Failure? {
        do {
            _ = try InstructionParser.parse(text, defaultScope: .global)
            return nil
        } catch {
            return error
        }
    }

    private func expectError(_ text: String, column: Int, message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let error = error(parsing: text)
        #expect(error?.column == column, sourceLocation: sourceLocation)
        #expect(error?.message == message, sourceLocation: sourceLocation)
        #expect(error?.input == text, sourceLocation: sourceLocation)
    }

    @Test func missingType() {
        expectError("factory=B", column: 1, message: "missing 'type'; add type=<type key>, e.g. type=MyApp.BackendService")
        expectError("  factory=B", column: 3, message: "missing 'type'; add type=<type key>, e.g. type=MyApp.BackendService")
    }

    @Test func missingFactory() {
        expectError("type=A", column: 1, message: "missing 'factory'; add factory=<factory key>, e.g. factory=MyApp.BackendService.Stub")
    }

    @Test func duplicateKey() {
        expectError("type=A,factory=B,type=C", column: 18, message: "duplicate key 'type' (first given at column 1); give each key once")
    }

    @Test func unknownKeyWithSuggestion() {
        expectError("type=A,factroy=B", column: 8,
                    message: "unknown key 'factroy'; did you mean 'factory'? (the valid keys are type, factory, scope, tag, lifecycle and parameter)")
        expectError("type=A,factory=B,lifecylce=transient", column: 18,
                    message: "unknown key 'lifecylce'; did you mean 'lifecycle'? (the valid keys are type, factory, scope, tag, lifecycle and parameter)")
        expectError("Type=A,factory=B", column: 1,
                    message: "unknown key 'Type'; did you mean 'type'? (the valid keys are type, factory, scope, tag, lifecycle and parameter)")
    }

    @Test func unknownKeyWithoutSuggestion() {
        expectError("type=A,factory=B,colour=red", column: 18,
                    message: "unknown key 'colour'; the valid keys are type, factory, scope, tag, lifecycle and parameter")
    }

    @Test func badLifecycle() {
        expectError("type=A,factory=B,lifecycle=forever", column: 28,
                    message: "invalid lifecycle 'forever'; lifecycle must be 'singleton', 'transient', 'graph', 'weakSingleton', 'eagerSingleton' or 'unitOfWork'")
    }

    @Test func equalsInAValue() {
        expectError("type=A=B,factory=C", column: 7, message: "unescaped '=' in the value of 'type'; write '\\=' for a literal '='")
        expectError("type=A factory=B", column: 8, message: "'factory=' inside the value of 'type'; separate pairs with ',' (type=…,factory=…)")
    }

    @Test func emptyValue() {
        expectError("type=,factory=B", column: 6, message: "empty value for 'type'; write a value after 'type='")
        expectError("type=A,factory=B,scope= \t", column: 24, message: "empty value for 'scope'; write a value after 'scope='")
    }

    @Test func badEscape() {
        expectError(#"type=A\qB,factory=C"#, column: 7, message:
            ##"invalid escape '\q'; write '\\' for a literal backslash (valid escapes: \\ \, \= \; \# \<space> \< \> \( \) \[ \] \n \r \t \u{HEX})"##)
    }

    @Test func backslashBeforeInvisibleCharacter() {
        expectError("type=A\\\tB,factory=C", column: 7, message:
            ##"invalid escape: '\' followed by U+0009; write '\\' for a literal backslash (valid escapes: \\ \, \= \; \# \<space> \< \> \( \) \[ \] \n \r \t \u{HEX})"##)
    }

    @Test func messagesQuoteTheTextAsWritten() {
        expectError(#"type=A,fac\=tory=B"#, column: 8,
                    message: #"unknown key 'fac\=tory'; did you mean 'factory'? (the valid keys are type, factory, scope, tag, lifecycle and parameter)"#)
        expectError(#"type=A,x\=y=B"#, column: 8,
                    message: #"unknown key 'x\=y'; the valid keys are type, factory, scope, tag, lifecycle and parameter"#)
        let long = String(repeating: "x", count: 50)
        expectError("type=A,factory=B,\(long)=1", column: 18,
                    message: "unknown key '\(String(repeating: "x", count: 40))…'; the valid keys are type, factory, scope, tag, lifecycle and parameter")
    }

    @Test func trailingBackslash() {
        expectError(#"type=A,factory=B\"#, column: 17,
                    message: #"lone '\' at the end of the instruction; write '\\' for a literal backslash"#)
    }

    @Test func unicodeEscapes() {
        let malformed = #"malformed Unicode escape; write \u{HEX} with 1 to 8 hexadecimal digits, e.g. \u{E9} for é"#
        expectError(#"type=\u{12,factory=B"#, column: 6, message: malformed)
        expectError(#"type=\u12,factory=B"#, column: 6, message: malformed)
        expectError(#"type=\u{},factory=B"#, column: 6, message: malformed)
        expectError(#"type=\u{123456789},factory=B"#, column: 6, message: malformed)
        expectError(#"type=\u{D800},factory=B"#, column: 6,
                    message: #"\u{D800} is not a Unicode scalar value; use a code point from 0 to D7FF or from E000 to 10FFFF"#)
    }

    @Test func emptyInstructionAndPairs() {
        expectError("", column: 1, message: "empty instruction; write type=<type>,factory=<factory>")
        expectError(" \t ", column: 1, message: "empty instruction; write type=<type>,factory=<factory>")
        expectError("type=A,,factory=B", column: 7, message: "empty pair; remove the extra ','")
        expectError("type=A,factory=B,", column: 17, message: "empty pair; remove the extra ','")
        expectError(",type=A,factory=B", column: 1, message: "empty pair; remove the extra ','")
    }

    @Test func pairWithoutEquals() {
        expectError("type=A,factory", column: 8,
                    message: "expected key=value, found 'factory'; write each pair as key=value and separate pairs with ','")
    }

    @Test func missingKey() {
        expectError("=A,factory=B", column: 1,
                    message: "missing key before '='; write key=value with one of the keys type, factory, scope, tag, lifecycle, parameter")
    }

    @Test func unclosedBracket() {
        expectError("type=Cache<String,factory=B", column: 11, message:
            #"unclosed '<'; close it with '>' or write '\<' for a literal '<' (inside brackets ',' does not separate pairs)"#)
        expectError("factory=B,type=A(", column: 17, message:
            #"unclosed '('; close it with ')' or write '\(' for a literal '(' (inside brackets ',' does not separate pairs)"#)
    }

    @Test func controlCharacter() {
        expectError("type=A\u{7},factory=B", column: 7, message:
            #"control character U+0007 in an instruction; write it as an escape (\n, \r, \t or \u{HEX}) or remove it"#)
        expectError("type=A\n,factory=B", column: 7, message:
            #"control character U+000A in an instruction; write it as an escape (\n, \r, \t or \u{HEX}) or remove it"#)
    }

    @Test func columnsCountUnicodeScalars() {
        // "é" precomposed and "🙂" are one scalar each; "e\u{301}" is two.
        expectError("type=é🙂e\u{301},factroy=B", column: 11,
                    message: "unknown key 'factroy'; did you mean 'factory'? (the valid keys are type, factory, scope, tag, lifecycle and parameter)")
    }

    @Test func firstErrorWins() {
        // An escape error is reported before the missing key.
        #expect(error(parsing: #"type=\q"#)?.column == 6)
    }

    @Test func descriptionIncludesColumn() {
        #expect(error(parsing: "type=A")?.description
            == "column 1: missing 'factory'; add factory=<factory key>, e.g. factory=MyApp.BackendService.Stub")
    }

    /// Callers that treat a problem specially switch on its kind, never on its wording.
    @Test(arguments: [
        ("", InstructionParser.Failure.Kind.emptyInstruction), ("type=A\u{7},factory=B", .controlCharacter),
        ("type=A\\q,factory=B", .invalidEscape), ("type=A,factory=B\\", .loneBackslash),
        ("type=\\u{12,factory=B", .malformedUnicodeEscape), ("type=\\u{D800},factory=B", .notAScalarValue),
        ("type=A<B,factory=C", .unclosedBracket), ("type=A,,factory=B", .emptyPair), ("type A,factory=B", .missingEquals),
        ("=A,type=B,factory=C", .missingKey), ("kind=A,type=B,factory=C", .unknownKey),
        ("type=A,factory=B,type=C", .duplicateKey(.type)), ("type=A,factory=B,factory=C", .duplicateKey(.factory)),
        ("type=,factory=B", .emptyValue), ("type=A factory=B", .lostSeparator), ("type=A=B,factory=C", .unescapedEquals),
        ("factory=B", .missingType), ("type=A", .missingFactory), ("type=A,factory=B,lifecycle=forever", .invalidLifecycle),
    ])
    func everyProblemHasItsKind(text: String, kind: InstructionParser.Failure.Kind) {
        #expect(error(parsing: text)?.kind == kind, "\(text.debugDescription)")
    }
}
