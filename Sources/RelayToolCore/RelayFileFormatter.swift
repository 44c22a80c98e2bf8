import Relay

/// Writes a valid `.relay` file in canonical form.
///
/// - The comment block at the top of the file (separated from what follows by a blank
///   line) comes first.
/// - Then the global instructions, without a header; instructions for a scope whose name
///   cannot be written as a header keep their `scope=` and follow them.
/// - Then one `[scope]` section per scope, sorted by name.
/// - Inside each part, instructions are sorted by type key and written one per line in
///   canonical form (``DependencyInjectionInstruction/description``), without the
///   `scope=` the section header gives. Each keeps the comment lines directly above it;
///   comments above a header stay above that section's header.
/// - Comments after the last instruction end the file. Parts are separated by one blank
///   line; lines end with LF, and the text ends with one.
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
        let layout = try RelayFileLayout(text: text, instructions: instructions)
        var parts: [[String]] = []

        var preamble = layout.preamble
        if layout.global.entries.isEmpty && !layout.global.comments.isEmpty {
            preamble.append(layout.global.comments)
        }
        if !preamble.isEmpty {
            parts.append(Array(preamble.joined(separator: [""])))
        }
        if !layout.global.entries.isEmpty {
            let entries = layout.global.entries.sorted { DependencyInjectionInstruction.printOrder($0.instruction, $1.instruction) }
            parts.append(layout.global.comments + lines(entries) { $0.description })
        }
        for name in layout.scoped.keys.sorted() {
            let section = layout.scoped[name]!
            guard !section.entries.isEmpty || !section.comments.isEmpty else { continue }
            let entries = section.entries.sorted { $0.instruction.type.tag < $1.instruction.type.tag }
            parts.append(section.comments + [DependencyContainerScope(name).relayFileHeader ?? "[\(name)]"] + lines(entries) { instruction in
                DependencyInjectionInstruction(type: instruction.type, factory: instruction.factory, lifecycle: instruction.lifecycle).description
            })
        }
        if !layout.trailer.isEmpty {
            parts.append(Array(layout.trailer.joined(separator: [""])))
        }

        let formatted = parts.map { $0.map { $0 + "\n" }.joined() }.joined(separator: "\n")
        try verify(formatted, against: instructions)
        return formatted
    }

    /// Each entry's comments, then its instruction written by `write`.
    private static func lines(_ entries: [RelayFileLayout.Entry], write: (DependencyInjectionInstruction) -> String) -> [String] {
        entries.flatMap { $0.comments + [write($0.instruction)] }
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
