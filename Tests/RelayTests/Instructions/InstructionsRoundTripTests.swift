import Testing
@testable import Relay
@testable import RelayInstructions

@Suite("Instructions: parse(format(i)) == i")
struct InstructionsRoundTripTests {
    @Test(arguments: [
        "MyApp.Cache<Swift.String, Swift.Int>", "(Int) -> Void", "Handler<(A) -> B, C>", "A<B", "A>B", "a,b", "a=b", "a;b",
        "\\", "#", " ", "  ", "\t", " x ", "\n", "\r\n", "é🙂", "e\u{301}", "<(>", "<)>", "->", "-", ">", "[", "]]",
        "\u{0}", "\u{7F}", "\u{85}", "\u{FEFF}", "a\\,b", "A<B, C>, D", "<,>", "\\u{41}", "x-", "-x>", "--->",
    ])
    func handPicked(value: String) {
        expectRoundTrip(DependencyInjectionInstruction(type: DependencyTypeKey(value), factory: "F"))
        expectRoundTrip(DependencyInjectionInstruction(type: "T", factory: DependencyFactoryKey(value), scope: DependencyContainerScope(value), lifecycle: .transient))
    }

    @Test func generated() {
        var random = InstructionsTestRandom(seed: 0x5EED_0001)
        for _ in 0..<3_000 {
            let scope = Bool.random(using: &random) ? DependencyContainerScope.global : DependencyContainerScope(random.string(maxLength: 12))
            let lifecycle: LifecycleType = Bool.random(using: &random) ? .singleton : .transient
            let instruction = DependencyInjectionInstruction(
                type: DependencyTypeKey(random.string(maxLength: 16)),
                factory: DependencyFactoryKey(random.string(maxLength: 16)),
                scope: scope,
                lifecycle: lifecycle
            )
            expectRoundTrip(instruction)
        }
    }

    @Test func generatedBracketHeavy() {
        var random = InstructionsTestRandom(seed: 0x5EED_0002)
        let alphabet: [Unicode.Scalar] = ["<", ">", "(", ")", "[", "]", "-", ",", " ", "a"]
        for _ in 0..<2_000 {
            var view = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...10, using: &random) {
                view.append(alphabet.randomElement(using: &random)!)
            }
            expectRoundTrip(DependencyInjectionInstruction(type: DependencyTypeKey(String(view)), factory: "F"))
        }
    }

    @Test func formattedInstructionsWorkInSources() {
        var random = InstructionsTestRandom(seed: 0x5EED_0003)
        var instructions: [DependencyInjectionInstruction] = []
        for index in 0..<200 {
            instructions.append(DependencyInjectionInstruction(
                type: DependencyTypeKey("\(index)" + random.string(maxLength: 10)),
                factory: DependencyFactoryKey(random.string(maxLength: 10)),
                scope: Bool.random(using: &random) ? .global : DependencyContainerScope(random.string(maxLength: 5))
            ))
        }
        let file = instructions.map(\.description).joined(separator: "\n")
        let parsedFile = InstructionText.parseRelayFile(file, source: { .file("x.relay", line: $0, column: $1) }, limits: .default)
        #expect(parsedFile.diagnostics.isEmpty)
        #expect(parsedFile.instructions.map(\.instruction) == instructions)

        let list = instructions.map(\.description).joined(separator: ";")
        let parsedList = InstructionText.parseInstructionList(list, variable: "RELAY_DEPENDENCIES", limits: .default)
        #expect(parsedList.diagnostics.isEmpty)
        #expect(parsedList.instructions.map(\.instruction) == instructions)
    }

    private func expectRoundTrip(_ instruction: DependencyInjectionInstruction, sourceLocation: SourceLocation = #_sourceLocation) {
        let text = instruction.description
        let parsed: DependencyInjectionInstruction
        do {
            parsed = try DependencyInjectionInstruction(parsing: text)
        } catch {
            Issue.record("\(text.debugDescription) does not parse: \(error)", sourceLocation: sourceLocation)
            return
        }
        #expect(parsed == instruction, "\(text.debugDescription)", sourceLocation: sourceLocation)
        // Equality of keys is Unicode-canonical; the scalars must survive too.
        #expect(Array(parsed.type.tag.unicodeScalars) == Array(instruction.type.tag.unicodeScalars), sourceLocation: sourceLocation)
        #expect(Array(parsed.factory.tag.unicodeScalars) == Array(instruction.factory.tag.unicodeScalars), sourceLocation: sourceLocation)
        #expect(Array(parsed.scope.name.unicodeScalars) == Array(instruction.scope.name.unicodeScalars), sourceLocation: sourceLocation)
    }
}
