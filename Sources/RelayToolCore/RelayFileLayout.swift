import Relay

/// The parts of a `.relay` file that formatting keeps, grouped for canonical output:
/// comments, scope sections and instructions.
///
/// Comments attach to what follows them: every comment line between two instructions or
/// headers belongs to the next one. At the top of the file, comments up to the last blank
/// line before the first instruction or header are the ``preamble``; comments after the
/// last instruction or header are the ``trailer``.
struct RelayFileLayout {
    /// An instruction and the comment lines above it.
    struct Entry {
        var comments: [String]
        var instruction: DependencyInjectionInstruction
    }

    /// A scope's instructions and the comment lines above its headers.
    struct Section {
        var comments: [String] = []
        var entries: [Entry] = []
    }

    /// Comment groups at the top of the file (groups were separated by blank lines).
    var preamble: [[String]] = []
    /// Global instructions, plus those whose scope cannot be written as a header; the
    /// comments are those above `[global]` headers.
    var global = Section()
    /// The sections of scopes that can be written as `[name]` headers, by scope name.
    var scoped: [String: Section] = [:]
    /// Comment groups after the last instruction or header.
    var trailer: [[String]] = []

    /// Lays out `text`, whose instructions — read by the library, with 1-based line
    /// numbers in their origins — are `instructions`.
    ///
    /// - Throws: ``RelayFormatError/unexpectedLine(_:)`` when a line is not blank, a
    ///   comment, a header or one of `instructions`.
    init(text: String, instructions: [LocatedInstruction]) throws(RelayFormatError) {
        var byLine: [Int: DependencyInjectionInstruction] = [:]
        for located in instructions {
            if let line = located.origin.line { byLine[line] = located.instruction }
        }
        // The library's own reading of every line; an instruction must be one of
        // `instructions` on the same line, so that what is formatted is what was validated.
        let lines = InstructionText.relayFileLines(text)
        for (index, line) in lines.enumerated() {
            switch line {
            case .invalid: throw .unexpectedLine(index + 1)
            case .instruction(let instruction) where byLine[index + 1] != instruction: throw .unexpectedLine(index + 1)
            case .blank, .comment, .header, .instruction: continue
            }
        }

        guard let first = lines.firstIndex(where: Self.isElement), let last = lines.lastIndex(where: Self.isElement) else {
            preamble = Self.groups(lines[...])
            return
        }
        var pending: [String]
        let lead = lines[..<first]
        if let lastBlank = lead.lastIndex(where: { if case .blank = $0 { true } else { false } }) {
            preamble = Self.groups(lead[..<lastBlank])
            pending = Self.groups(lead[lastBlank...]).flatMap { $0 }
        } else {
            pending = Self.groups(lead).flatMap { $0 }
        }
        for line in lines[first...last] {
            switch line {
            case .blank, .invalid:
                break
            case .comment(let text):
                pending.append(text)
            case .header(let scope):
                if scope.relayFileHeader != nil {
                    scoped[scope.name, default: Section()].comments += pending
                } else {
                    global.comments += pending
                }
                pending = []
            case .instruction(let instruction):
                let entry = Entry(comments: pending, instruction: instruction)
                if instruction.scope.relayFileHeader != nil {
                    scoped[instruction.scope.name, default: Section()].entries.append(entry)
                } else {
                    global.entries.append(entry)
                }
                pending = []
            }
        }
        trailer = Self.groups(lines[(last + 1)...])
    }

    /// Whether `line` is a header or an instruction (what comments attach to).
    private static func isElement(_ line: RelayFileLine) -> Bool {
        switch line {
        case .header, .instruction: true
        case .blank, .comment, .invalid: false
        }
    }

    /// Comment lines split into groups at blank lines.
    private static func groups(_ lines: ArraySlice<RelayFileLine>) -> [[String]] {
        var groups: [[String]] = []
        var current: [String] = []
        for line in lines {
            if case .comment(let text) = line {
                current.append(text)
            } else if !current.isEmpty {
                groups.append(current)
                current = []
            }
        }
        if !current.isEmpty { groups.append(current) }
        return groups
    }
}
