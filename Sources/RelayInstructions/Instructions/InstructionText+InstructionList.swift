#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
import RelayContainer
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
    package static func parseInstructionList(
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
        let segments = segments(of: text)
        // Segments already reported as pieces of one instruction split by ';'.
        var reportedThrough = -1
        // The segment the last instruction came from.
        var lastParsed = -1
        for (index, segment) in segments.enumerated() where index > reportedThrough {
            let number = index + 1
            guard let start = segment.firstIndex(where: { !InstructionSyntax.isBlank($0) }) else { continue }
            let column = start - segment.startIndex + 1
            do {
                let parsed = try InstructionParser.parse(string(segment), defaultScope: .global)
                guard instructions.count < limits.maxInstructions else {
                    diagnostics.append(limits.countError(remedy: "move some to a .relay file", at: origin(number, column)))
                    break
                }
                instructions.append(parsed.located(at: origin(number, column)))
                lastParsed = index
            } catch {
                if let split = split(at: index, of: segments, failure: error.kind, previousParsed: lastParsed == index - 1) {
                    diagnostics.append(.error(splitMessage(split.pieces, variable: variable), at: origin(number, split.column)))
                    reportedThrough = split.last
                    continue
                }
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

    /// One instruction that `;` split into pieces (`type=App.Clock;factory=App.Clock.Fixed`):
    /// the segment at `index` failed for want of `type` or `factory`, and joined with `,` to
    /// the segments after it — or to the one before it, which parsed alone — it parses. At
    /// most four pieces are tried.
    ///
    /// - Returns: The pieces as written (trimmed), the index of the last segment used, and
    ///   the column of the first piece in its segment; `nil` when no joining parses.
    private static func split(
        at index: Int,
        of segments: [ArraySlice<Unicode.Scalar>],
        failure: InstructionParser.Failure.Kind,
        previousParsed: Bool
    ) -> (pieces: [String], last: Int, column: Int)? {
        guard failure == .missingType || failure == .missingFactory else { return nil }
        func piece(_ at: Int) -> (text: String, column: Int)? {
            let segment = segments[at]
            guard let start = segment.firstIndex(where: { !InstructionSyntax.isBlank($0) }),
                  let end = segment.lastIndex(where: { !InstructionSyntax.isBlank($0) }) else { return nil }
            return (string(segment[start...end]), start - segment.startIndex + 1)
        }
        func parses(_ pieces: [String]) -> Bool {
            (try? InstructionParser.parse(pieces.joined(separator: ","), defaultScope: .global)) != nil
        }
        guard let first = piece(index) else { return nil }
        var pieces = [first.text]
        var last = index
        while last + 1 < segments.endIndex, pieces.count < 4, let next = piece(last + 1) {
            // A following piece that is a whole instruction of its own is not part of this one.
            guard (try? InstructionParser.parse(next.text, defaultScope: .global)) == nil else { break }
            pieces.append(next.text)
            last += 1
            if parses(pieces) { return (pieces, last, first.column) }
        }
        if previousParsed, index > 0, let previous = piece(index - 1), parses([previous.text, first.text]) {
            return ([previous.text, first.text], index, first.column)
        }
        return nil
    }

    /// The message for one instruction split by `;` into `pieces`.
    private static func splitMessage(_ pieces: [String], variable: String) -> String {
        // Long enough to show whole instructions; the pieces come from one bounded value.
        let limit = 200
        let quoted = pieces.map { UserText.quoted($0, limit: limit) }
        let list = quoted.dropLast().joined(separator: ", ") + " and " + quoted[quoted.count - 1]
        return "';' split one instruction: \(list) make sense only together; "
            + "';' separates instructions in $\(variable) — use ',' between the keys of one instruction: \(UserText.quoted(pieces.joined(separator: ","), limit: limit))"
    }

    /// Splits a list into segments at unescaped `;` and at line ends (CR before LF dropped).
    package static func segments(of text: String) -> [ArraySlice<Unicode.Scalar>] {
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
#endif
