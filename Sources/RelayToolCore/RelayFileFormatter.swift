#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
import Relay

/// Writes a valid `.relay` file in canonical form, keeping its structure: every comment,
/// header and instruction stays where the author put it, in the same order.
///
/// - Each instruction is written in canonical form (``DependencyInjectionInstruction/description``),
///   without a `scope=` that repeats its section's scope.
/// - Headers are written `[name]`, comments without surrounding blanks; indentation is
///   removed. (A carriage return is never part of a comment: the reader takes one before
///   a LF as part of the line end, and rejects any other.)
/// - Runs of blank lines become one; there are none at the start or the end. Lines end
///   with LF, the text ends with one, and a byte order mark is dropped.
///
/// The result is checked: it must read back as exactly the same instructions.
package enum RelayFileFormatter {
    /// Formats `text`.
    ///
    /// - Parameters:
    ///   - text: The file's contents, already validated (e.g. by ``ConfigFileInstructionSource``).
    ///   - instructions: What the library read from `text`, with line numbers in their origins.
    /// - Returns: The canonical text; empty for a file with neither instructions nor comments.
    /// - Throws: ``RelayFormatError`` when the text and the instructions disagree, or the
    ///   canonical text would not read back as the same instructions.
    package static func format(_ text: String, instructions: [LocatedInstruction]) throws(RelayFormatError) -> String {
        var byLine: [Int: DependencyInjectionInstruction] = [:]
        for located in instructions {
            if let line = located.origin.line { byLine[line] = located.instruction }
        }
        var output: [String] = []
        var pendingBlank = false
        var section = DependencyContainerScope.global
        // The library's own reading of every line; an instruction must be one of
        // `instructions` on the same line, so that what is formatted is what was validated.
        for (index, line) in InstructionText.relayFileLines(text).enumerated() {
            let written: String
            switch line {
            case .invalid:
                throw .unexpectedLine(index + 1)
            case .blank:
                pendingBlank = !output.isEmpty
                continue
            case .comment(let comment):
                written = comment
            case .header(let scope):
                section = scope
                written = scope.relayFileHeader ?? "[global]"
            case .instruction(let instruction):
                guard byLine[index + 1] == instruction else { throw .unexpectedLine(index + 1) }
                written = instruction.scope == section
                    ? DependencyInjectionInstruction(type: instruction.type, factory: instruction.factory, lifecycle: instruction.lifecycle, tag: instruction.tag, parameter: instruction.parameter).description
                    : instruction.description
            }
            if pendingBlank { output.append("") }
            pendingBlank = false
            output.append(written)
        }
        let formatted = output.map { $0 + "\n" }.joined()
        try verify(formatted, against: instructions)
        return formatted
    }

    /// Throws unless `formatted` parses, with the library, to the same instructions.
    private static func verify(_ formatted: String, against instructions: [LocatedInstruction]) throws(RelayFormatError) {
        let reread: [LocatedInstruction]
        do {
            reread = try InstructionSourceParsing.parseRelayText(formatted, source: "<formatted>", context: InstructionReadContext())
        } catch {
            throw .changesMeaning("\(error)")
        }
        let before = instructions.map(\.instruction)
        let after = reread.map(\.instruction)
        guard before.count == after.count, Set(before) == Set(after) else {
            throw .changesMeaning("\(before.count) instructions before, \(after.count) after")
        }
    }
}
#endif
