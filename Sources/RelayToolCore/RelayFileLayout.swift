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

    /// What one line of the file is.
    private enum Line {
        case blank
        case comment(String)
        case header(DependencyContainerScope)
        case instruction(DependencyInjectionInstruction)

        var isElement: Bool {
            switch self {
            case .header, .instruction: true
            case .blank, .comment: false
            }
        }
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
        var lines: [Line] = []
        for (index, scalars) in Self.split(text).enumerated() {
            guard let line = Self.classify(scalars, instruction: byLine[index + 1]) else {
                throw .unexpectedLine(index + 1)
            }
            lines.append(line)
        }

        guard let first = lines.firstIndex(where: \.isElement), let last = lines.lastIndex(where: \.isElement) else {
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
            case .blank:
                break
            case .comment(let text):
                pending.append(text)
            case .header(let scope):
                if Self.canBeHeader(scope) {
                    scoped[scope.name, default: Section()].comments += pending
                } else {
                    global.comments += pending
                }
                pending = []
            case .instruction(let instruction):
                let entry = Entry(comments: pending, instruction: instruction)
                if Self.canBeHeader(instruction.scope) {
                    scoped[instruction.scope.name, default: Section()].entries.append(entry)
                } else {
                    global.entries.append(entry)
                }
                pending = []
            }
        }
        trailer = Self.groups(lines[(last + 1)...])
    }

    /// Whether `scope` gets a `[name]` section: it is not global and `[name]` reads back
    /// as the same scope (not empty, no brackets, no control characters other than an
    /// inner tab, no blanks at either end).
    static func canBeHeader(_ scope: DependencyContainerScope) -> Bool {
        let scalars = Array(scope.name.unicodeScalars)
        guard !scope.isGlobal, let first = scalars.first, let last = scalars.last else { return false }
        guard !isBlank(first), !isBlank(last) else { return false }
        return !scalars.contains { $0 == "[" || $0 == "]" || ($0.properties.generalCategory == .control && $0 != "\t") }
    }

    /// The file's lines as the library splits them: on LF, with one CR before each LF
    /// dropped, after a leading byte order mark.
    private static func split(_ text: String) -> [ArraySlice<Unicode.Scalar>] {
        var scalars = Array(text.unicodeScalars)[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        return scalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.last == "\r" ? line.dropLast() : line
        }
    }

    /// What `line` is; `instruction` is what the library read from it, if anything.
    private static func classify(_ line: ArraySlice<Unicode.Scalar>, instruction: DependencyInjectionInstruction?) -> Line? {
        let trimmed = trim(line, where: isBlank)
        guard let first = trimmed.first else { return .blank }
        if first == "#" { return .comment(string(trim(trimmed) { isBlank($0) || $0 == "\r" })) }
        if let instruction { return .instruction(instruction) }
        guard first == "[", trimmed.last == "]" else { return nil }
        return .header(DependencyContainerScope(string(trim(trimmed.dropFirst().dropLast(), where: isBlank))))
    }

    /// Comment lines split into groups at blank lines.
    private static func groups(_ lines: ArraySlice<Line>) -> [[String]] {
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

    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t"
    }

    private static func trim(_ scalars: ArraySlice<Unicode.Scalar>, where drop: (Unicode.Scalar) -> Bool) -> ArraySlice<Unicode.Scalar> {
        guard let start = scalars.firstIndex(where: { !drop($0) }), let end = scalars.lastIndex(where: { !drop($0) }) else { return [] }
        return scalars[start...end]
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }
}
