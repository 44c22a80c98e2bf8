import Testing
@testable import Relay
@testable import RelayInstructions

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

    /// What `decode` must accept, worked out independently of it: the standard library's
    /// UTF-8 parser finds no invalid byte, no scalar is a control character other than
    /// tab, LF and CR, and every CR is followed by a LF.
    private static func isAcceptable(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard UTF8Validation.firstInvalidByte(in: bytes) == nil else { return false }
        // A CR only as the first half of a CRLF line end.
        guard bytes.indices.allSatisfy({ bytes[$0] != 0x0D || bytes[($0 + 1)...].first == 0x0A }) else { return false }
        return String(decoding: bytes, as: UTF8.self).unicodeScalars.allSatisfy {
            !UserText.isControl($0) || $0 == "\t" || $0 == "\n" || $0 == "\r"
        }
    }

    /// The quick check decides exactly what the standard library's UTF-8 parser decides,
    /// for every sequence of one or two bytes, every three-byte sequence, and four-byte
    /// sequences around every lead byte's limits.
    @Test func theQuickCheckAgreesWithTheStandardLibraryOnEverySequence() {
        var disagreements: [[UInt8]] = []
        func check(_ bytes: [UInt8]) {
            if InstructionText.isPlainText(bytes[...]) != Self.isAcceptable(bytes[...]) { disagreements.append(bytes) }
        }
        for first in 0...255 {
            check([UInt8(first)])
            for second in 0...255 {
                check([UInt8(first), UInt8(second)])
            }
        }
        let edges: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0]
        for first in 0xE0...0xF7 {
            for second in 0...255 {
                for third in 0...255 where first < 0xF0 || edges.contains(UInt8(third)) {
                    check([UInt8(first), UInt8(second), UInt8(third)])
                    if first >= 0xF0 {
                        for fourth in edges { check([UInt8(first), UInt8(second), UInt8(third), fourth]) }
                    }
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }

    /// On random bytes, `decode` accepts exactly the acceptable ones, and returns their
    /// text unchanged.
    @Test func decodeAcceptsExactlyValidText() {
        var random = InstructionsTestRandom(seed: 0xDEC0DE)
        let interesting: [UInt8] = [0x00, 0x07, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x7E, 0x7F, 0x80, 0x85, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xC3, 0xE2, 0xED, 0xEF, 0xBB, 0xF0, 0xF4, 0xF5, 0xFF]
        var accepted = 0
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...24, using: &random) {
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes.append(interesting.randomElement(using: &random)!)
                case 1: bytes.append(UInt8.random(in: 0...255, using: &random))
                default: bytes.append(contentsOf: Array(String(InstructionsTestRandom.alphabet.randomElement(using: &random)!).utf8))
                }
            }
            let withoutMark = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
            switch decode(bytes) {
            case .success(let text):
                accepted += 1
                #expect(Self.isAcceptable(withoutMark) && Array(text.utf8) == bytes, "\(bytes)")
            case .failure(let error):
                #expect(!Self.isAcceptable(withoutMark), "\(bytes)")
                #expect(error.diagnostics.count == 1 && error.diagnostics[0].origin.line != nil, "\(bytes)")
            }
        }
        #expect(accepted > 1_000)
    }
}
