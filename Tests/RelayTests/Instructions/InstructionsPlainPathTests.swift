import Testing
@testable import Relay

/// The fast paths — ``InstructionParser/parsePlain(_:defaultScope:)`` for instructions and
/// ``InstructionText/plainText(_:)`` for source bytes — must give exactly what the general
/// code gives on every input they accept, and must accept the instructions people write.
@Suite("Instructions: the plain fast paths agree with the general ones")
struct InstructionsPlainPathTests {
    /// What the plain path makes of `text`, or `nil` when it declines.
    func plain(_ text: String, defaultScope: DependencyContainerScope = .global) -> InstructionParser.Parsed? {
        var text = text
        return text.withUTF8 { InstructionParser.parsePlain($0, defaultScope: defaultScope) }
    }

    /// Checks that the general parser gives the same result for `text` whenever the plain
    /// path accepts it; returns whether it did.
    @discardableResult
    func expectAgreement(_ text: String, defaultScope: DependencyContainerScope = .global, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard let fast = plain(text, defaultScope: defaultScope) else { return false }
        do {
            let general = try InstructionParser.parseGeneral(text, defaultScope: defaultScope)
            #expect(fast.instruction == general.instruction, "\(text.debugDescription)", sourceLocation: sourceLocation)
            #expect(fast.scopeIsExplicit == general.scopeIsExplicit, "\(text.debugDescription)", sourceLocation: sourceLocation)
            #expect(fast.scopeColumn == general.scopeColumn, "\(text.debugDescription)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("the plain path accepted \(text.debugDescription), the general parser says \(error)", sourceLocation: sourceLocation)
        }
        return true
    }

    @Test(arguments: [
        "type=MyApp.Backend,factory=MyApp.Backend.Stub",
        " type = MyApp.Backend ,\tfactory=MyApp.Backend.Stub , scope = checkout , lifecycle = transient ",
        "factory=F,type=T,lifecycle=singleton",
        "type=My Type,factory=F",
        "type=Café,factory=🙂,scope=é🙂",
        "type=A>,factory=B)],scope=c;#",
    ])
    func commonInstructionsTakeThePlainPath(_ text: String) {
        #expect(expectAgreement(text), "declined \(text.debugDescription)")
    }

    @Test func scopeColumnCountsScalars() {
        let parsed = plain("type=é🙂,factory=F, scope=s")
        #expect(parsed?.scopeColumn == 20)
        #expect(expectAgreement("type=é🙂,factory=F, scope=s"))
    }

    @Test(arguments: [
        "", "   ", "type=A", "factory=B", "type=A,,factory=B", "type=A,factory=B,", "type=,factory=B",
        "=A,type=B,factory=C", "type=A,factory=B,type=C", "Type=A,factory=B", "type=A,factory=B,lifecycle=forever",
        "type=A<B,C>,factory=D", "type=A(B),factory=C", "type=A[0],factory=B", "type=A\\,B,factory=C",
        "type=A\u{7},factory=B", "type=A\u{7F},factory=B", "type=A\u{85},factory=B", "type=A\r,factory=B", "type A,factory=B",
    ])
    func everythingElseTakesTheGeneralParser(_ text: String) {
        #expect(plain(text) == nil, "accepted \(text.debugDescription)")
    }

    @Test func randomTextAgrees() {
        var random = InstructionsTestRandom(seed: 0x91A1)
        var accepted = 0
        for round in 0..<20_000 {
            let text = switch round % 3 {
            case 0: random.instructionLikeText(fragments: 14)
            case 1: "type=" + random.string(maxLength: 10) + ",factory=" + random.string(maxLength: 10)
            default: random.string(maxLength: 30)
            }
            if expectAgreement(text, defaultScope: round.isMultiple(of: 2) ? .global : "header") { accepted += 1 }
        }
        #expect(accepted > 300)
    }

    @Test func plainBytesDecodeAsTheScalarDecoderDoes() {
        var random = InstructionsTestRandom(seed: 0xDEC0DE)
        let interesting: [UInt8] = [0x00, 0x07, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x7E, 0x7F, 0x80, 0x85, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xC3, 0xE2, 0xED, 0xEF, 0xBB, 0xF0, 0xF4, 0xF5, 0xFF]
        var plainCount = 0
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...24, using: &random) {
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes.append(interesting.randomElement(using: &random)!)
                case 1: bytes.append(UInt8.random(in: 0...255, using: &random))
                default: bytes.append(contentsOf: Array(String(InstructionsTestRandom.alphabet.randomElement(using: &random)!).utf8))
                }
            }
            let slow = InstructionText.decodeScalarByScalar(bytes[...], origin: { .file("f", line: $0, column: $1) })
            if let fast = InstructionText.plainText(bytes[...]) {
                plainCount += 1
                #expect(slow == .success(fast), "\(bytes)")
            } else {
                guard case .failure = slow else {
                    Issue.record("the plain check declined bytes the scalar decoder accepts: \(bytes)")
                    continue
                }
            }
        }
        #expect(plainCount > 1_000)
    }
}

@Suite("Instructions: .relay bytes parsed in place")
struct InstructionsRelayBytesInPlaceTests {
    /// Bytes read in place when they are plain ASCII, and through `decode` otherwise, must
    /// give the same instructions and diagnostics.
    @Test func inPlaceParsingAgreesWithDecoding() {
        var random = InstructionsTestRandom(seed: 0xB17E5)
        let pieces = ["type=A,factory=B", "type=C.D,factory=C.D.Stub,lifecycle=transient", "[checkout]", "[bad", "# note", "  ", "\t", "type=A", "scope=x,type=Y,factory=Z", "x", "type=é,factory=F", "\u{7}", "type=A # no", "\u{FEFF}"]
        let ends = ["\n", "\r\n", ""]
        var inPlace = 0
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...8, using: &random) {
                text += pieces.randomElement(using: &random)! + ends.randomElement(using: &random)!
            }
            let bytes = Array(text.utf8)
            let origin: (Int, Int) -> InstructionOrigin = { .file("f.relay", line: $0, column: $1) }
            let viaDecode: (instructions: [LocatedInstruction], diagnostics: [String])
            switch InstructionText.decode(bytes: bytes, origin: origin, limits: .default) {
            case .success(let decoded):
                let parsed = InstructionText.parseRelayFile(decoded, source: origin, limits: .default)
                viaDecode = (parsed.instructions, parsed.diagnostics.map(\.description))
            case .failure(let error):
                viaDecode = ([], error.diagnostics.map(\.description))
            }
            let direct = bytes.withUnsafeBufferPointer { InstructionText.parseRelayFile(plainASCII: $0, source: origin, limits: .default) }
            if let direct {
                inPlace += 1
                #expect(direct.instructions == viaDecode.instructions, "\(bytes)")
                #expect(direct.diagnostics.map(\.description) == viaDecode.diagnostics, "\(bytes)")
            } else {
                #expect(bytes.contains { $0 >= 0x80 || ($0 < 0x20 && ![0x09, 0x0A, 0x0D].contains($0)) || $0 == 0x7F }, "plain ASCII was declined: \(bytes)")
            }
        }
        #expect(inPlace > 1_000)
    }
}
