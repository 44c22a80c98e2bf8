import Testing
@testable import Relay
@testable import RelayInstructions

/// Deterministic randomized inputs: no crash, and every outcome is either instructions
/// or at least one positioned diagnostic.
@Suite("Instructions: robustness against arbitrary input")
struct InstructionsRobustnessTests {
    @Test func arbitraryBytesDecode() {
        var random = InstructionsTestRandom(seed: 0xB17E5)
        let interesting: [UInt8] = [0x00, 0x07, 0x09, 0x0A, 0x0D, 0x7F, 0x80, 0xBF, 0xC0, 0xC2, 0xE2, 0xED, 0xEF, 0xBB, 0xF0, 0xF4, 0xF5, 0xFF]
        for _ in 0..<3_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...40, using: &random) {
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes.append(interesting.randomElement(using: &random)!)
                case 1: bytes.append(UInt8.random(in: 0...255, using: &random))
                default: bytes.append(contentsOf: Array(String(InstructionsTestRandom.alphabet.randomElement(using: &random)!).utf8))
                }
            }
            let lineCount = bytes.count(where: { $0 == 0x0A }) + 1
            switch InstructionText.decode(bytes: bytes, origin: { .file("f", line: $0, column: $1) }, limits: .init(maxBytes: 30)) {
            case .success(let text):
                #expect(text.utf8.count <= bytes.count)
                #expect(text.unicodeScalars.allSatisfy { !UserText.isControl($0) || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            case .failure(let error):
                #expect(error.diagnostics.count == 1)
                let origin = error.diagnostics[0].origin
                if bytes.count > 30 {
                    #expect(origin.line == nil)
                } else {
                    #expect((1...lineCount).contains(origin.line ?? 0))
                    #expect((origin.column ?? 0) >= 1)
                }
            }
        }
    }

    @Test func arbitraryRelayFiles() {
        var random = InstructionsTestRandom(seed: 0xF11E)
        for round in 0..<3_000 {
            let text = round.isMultiple(of: 2) ? random.instructionLikeText(fragments: 30) : random.string(maxLength: 60)
            let result = InstructionText.parseRelayFile(text, source: { .file("f", line: $0, column: $1) }, limits: .init(maxInstructions: 5))
            let lines = Self.lines(text)
            for diagnostic in result.diagnostics {
                let line = diagnostic.origin.line ?? 0
                #expect((1...lines.count).contains(line), "\(text.debugDescription): \(diagnostic)")
                if (1...lines.count).contains(line) {
                    #expect((1...lines[line - 1].count + 1).contains(diagnostic.origin.column ?? 0), "\(text.debugDescription): \(diagnostic)")
                }
            }
            if result.diagnostics.isEmpty {
                let instructionLines = lines.filter { line in
                    guard let first = line.first(where: { $0 != " " && $0 != "\t" }) else { return false }
                    return first != "#" && first != "["
                }
                #expect(result.instructions.count == instructionLines.count, "\(text.debugDescription)")
            }
        }
    }

    @Test func arbitraryInstructionLists() {
        var random = InstructionsTestRandom(seed: 0x115)
        for round in 0..<3_000 {
            let text = round.isMultiple(of: 2) ? random.instructionLikeText(fragments: 30) : random.string(maxLength: 60)
            let result = InstructionText.parseInstructionList(text, variable: "V", limits: .default)
            let segments = InstructionText.segments(of: text)
            for diagnostic in result.diagnostics {
                #expect(diagnostic.origin.source == "$V")
                let segment = diagnostic.origin.line ?? 0
                #expect((1...segments.count).contains(segment), "\(text.debugDescription): \(diagnostic)")
                if (1...segments.count).contains(segment) {
                    #expect((1...segments[segment - 1].count + 1).contains(diagnostic.origin.column ?? 0), "\(text.debugDescription): \(diagnostic)")
                }
            }
            if result.diagnostics.isEmpty {
                let nonBlank = segments.filter { $0.contains { $0 != " " && $0 != "\t" } }
                #expect(result.instructions.count == nonBlank.count, "\(text.debugDescription)")
            }
        }
    }

    @Test func arbitraryInstructionText() {
        var random = InstructionsTestRandom(seed: 0x1257)
        var parsedCount = 0
        for round in 0..<5_000 {
            let text = round.isMultiple(of: 2) ? random.instructionLikeText(fragments: 12) : "type=" + random.string(maxLength: 12) + ",factory=" + random.string(maxLength: 12)
            do {
                let instruction = try InstructionParser.parse(text, defaultScope: .global).instruction
                parsedCount += 1
                #expect(DependencyInjectionInstruction(instruction.description) == instruction, "\(text.debugDescription)")
            } catch {
                #expect((1...text.unicodeScalars.count + 1).contains(error.column), "\(text.debugDescription): \(error)")
                #expect(!error.message.isEmpty)
                #expect(error.input == text)
            }
        }
        #expect(parsedCount > 100)
    }

    /// Lines of `text` as the `.relay` format defines them, each without its line end.
    private static func lines(_ text: String) -> [[Unicode.Scalar]] {
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        return scalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.last == "\r" ? Array(line.dropLast()) : Array(line)
        }
    }
}
