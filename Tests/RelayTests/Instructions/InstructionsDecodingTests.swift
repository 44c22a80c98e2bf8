import Testing
@testable import Relay

@Suite("Instructions: decoding source bytes")
struct InstructionsDecodingTests {
    private func decode(_ bytes: [UInt8], limits: InstructionSourceLimits = .default) -> Result<String, DynamicInjectionError> {
        InstructionText.decode(bytes: bytes, origin: { .file("x.relay", line: $0, column: $1) }, limits: limits)
    }

    private func expectFailure(_ bytes: [UInt8], _ expected: String, limits: InstructionSourceLimits = .default, sourceLocation: SourceLocation = #_sourceLocation) {
        switch decode(bytes, limits: limits) {
        case .success(let text):
            Issue.record("decoded \(text.debugDescription)", sourceLocation: sourceLocation)
        case .failure(let error):
            #expect(error.description == expected, sourceLocation: sourceLocation)
        }
    }

    @Test func plainTextWithTabsAndLineEnds() throws {
        let text = "type=A,\tfactory=B\r\n# é🙂\n"
        #expect(try decode(Array(text.utf8)).get() == text)
    }

    @Test func byteOrderMarkIsKeptForTheFileParser() throws {
        // Kept, so that the .relay parser drops exactly one and reports a second.
        #expect(try decode([0xEF, 0xBB, 0xBF] + Array("type=A".utf8)).get() == "\u{FEFF}type=A")
        // The BOM takes no column.
        expectFailure([0xEF, 0xBB, 0xBF, 0x07], #"x.relay:1:1: error: control character U+0007; remove it, or inside a value write it as the escape \u{7}"#)
    }

    @Test func invalidUTF8() {
        expectFailure(Array("type=A\nxy".utf8) + [0xFF], "x.relay:2:3: error: invalid UTF-8 byte 0xFF; save the file as UTF-8")
        expectFailure([0x61, 0xE2, 0x82], "x.relay:1:2: error: invalid UTF-8 byte 0xE2; save the file as UTF-8")
        expectFailure([0xC0, 0x80], "x.relay:1:1: error: invalid UTF-8 byte 0xC0; save the file as UTF-8")
        expectFailure([0xED, 0xA0, 0x80], "x.relay:1:1: error: invalid UTF-8 byte 0xED; save the file as UTF-8")
        expectFailure([0x80], "x.relay:1:1: error: invalid UTF-8 byte 0x80; save the file as UTF-8")
        expectFailure(Array("é🙂".utf8) + [0x0A, 0x0A, 0x09, 0xF5], "x.relay:3:2: error: invalid UTF-8 byte 0xF5; save the file as UTF-8")
    }

    @Test func nulByte() {
        expectFailure(Array("a\nbc".utf8) + [0], "x.relay:2:3: error: NUL byte; remove it — instruction sources must be text")
    }

    @Test func controlCharacters() {
        expectFailure(Array("é🙂".utf8) + [0x07], #"x.relay:1:3: error: control character U+0007; remove it, or inside a value write it as the escape \u{7}"#)
        expectFailure([0x1B], #"x.relay:1:1: error: control character U+001B; remove it, or inside a value write it as the escape \u{1B}"#)
        expectFailure([0x7F], #"x.relay:1:1: error: control character U+007F; remove it, or inside a value write it as the escape \u{7F}"#)
        expectFailure([0xC2, 0x85], #"x.relay:1:1: error: control character U+0085; remove it, or inside a value write it as the escape \u{85}"#)
    }

    @Test func sizeLimit() throws {
        let bytes = Array(repeating: UInt8(ascii: "a"), count: 11)
        expectFailure(bytes, "x.relay: error: the input is 11 bytes; the limit is 10 bytes — split the file or raise InstructionSourceLimits.maxBytes",
                      limits: InstructionSourceLimits(maxBytes: 10))
        #expect(try decode(Array(bytes.prefix(10)), limits: InstructionSourceLimits(maxBytes: 10)).get() == "aaaaaaaaaa")
    }

    @Test func emptyInput() throws {
        #expect(try decode([]).get() == "")
        #expect(try decode([0xEF, 0xBB, 0xBF]).get() == "\u{FEFF}")
    }
}
