extension InstructionText {
    /// Parses an instruction list such as the value of an environment variable.
    ///
    /// Segments are separated by an unescaped `;` or by a line end (LF, with a CR before
    /// it dropped); a line end always ends a segment, even after a backslash. Empty and
    /// blank segments are skipped but still counted, so segment numbers match what a
    /// reader counts. Each segment is one instruction whose scope defaults to global.
    /// Origins are `.environment(variable:segment:column:)` with the column inside the
    /// segment.
    ///
    /// - Parameters:
    ///   - text: The variable's value.
    ///   - variable: The variable's name, e.g. `RELAY_DEPENDENCIES`.
    ///   - limits: The size and instruction-count limits; exceeding either yields one error.
    static func parseInstructionList(
        _ text: String,
        variable: String,
        limits: InstructionSourceLimits
    ) -> (instructions: [LocatedInstruction], diagnostics: [RelayDiagnostic]) {
        func origin(_ segment: Int, _ column: Int) -> InstructionOrigin {
            .environment(variable: variable, segment: segment, column: column)
        }
        let size = text.utf8.count
        guard size <= limits.maxBytes else {
            return ([], [limits.sizeError("the value", bytes: size, remedy: "move the instructions to a .relay file", at: origin(1, 1).withoutPosition)])
        }

        var instructions: [LocatedInstruction] = []
        var diagnostics: [RelayDiagnostic] = []
        for (index, segment) in segments(of: text).enumerated() {
            let number = index + 1
            guard let start = segment.firstIndex(where: { !InstructionSyntax.isBlank($0) }) else { continue }
            let column = start - segment.startIndex + 1
            do {
                let parsed = try InstructionParser.parse(string(segment), defaultScope: .global)
                guard instructions.count < limits.maxInstructions else {
                    diagnostics.append(limits.countError(remedy: "move some to a .relay file", at: origin(number, column)))
                    break
                }
                instructions.append(LocatedInstruction(instruction: parsed.instruction, origin: origin(number, column)))
            } catch {
                // `type=A,factory=B,type=C,…`: two instructions joined with ',' instead of ';'.
                let hint = switch error.kind {
                case .duplicateKey(.type), .duplicateKey(.factory): "; to give several instructions in $\(variable), separate them with ';'"
                default: ""
                }
                diagnostics.append(.error(error.message + hint, at: origin(number, error.column)))
            }
        }
        return (instructions, diagnostics)
    }

    /// Splits a list into segments at unescaped `;` and at line ends (CR before LF dropped).
    static func segments(of text: String) -> [ArraySlice<Unicode.Scalar>] {
        var segments: [ArraySlice<Unicode.Scalar>] = []
        for line in lines(of: text.unicodeScalars) {
            var start = line.startIndex
            var index = line.startIndex
            while index < line.endIndex {
                switch line[index] {
                case "\\":
                    index += 2
                case ";":
                    segments.append(line[start..<index])
                    index += 1
                    start = index
                default:
                    index += 1
                }
            }
            segments.append(line[start..<line.endIndex])
        }
        return segments
    }
}
