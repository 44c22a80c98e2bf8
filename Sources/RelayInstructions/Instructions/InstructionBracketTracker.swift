import RelayContainer
/// Tracks unescaped brackets so that a `,` inside `<…>`, `(…)` or `[…]` does not split pairs.
///
/// Rules: an unescaped `<`, `(` or `[` is pushed; an unescaped `>`, `)` or `]` pops only
/// when it matches the innermost open bracket, and is otherwise a literal character; a
/// `>` directly after an unescaped `-` (an arrow, `->`) is always literal. Escaped
/// characters never affect the stack.
struct InstructionBracketTracker {
    /// The open brackets, outermost first, with the column each was opened at.
    private(set) var open: [(scalar: Unicode.Scalar, column: Int)] = []
    private var previousIsDash = false

    /// How many brackets are open.
    var depth: Int { open.count }

    /// Feeds the next scalar of the text.
    mutating func feed(_ scalar: Unicode.Scalar, escaped: Bool, column: Int) {
        defer { previousIsDash = !escaped && scalar == "-" }
        guard !escaped else { return }
        feedBracket(scalar, column: column, afterDash: previousIsDash)
    }

    /// Feeds an unescaped character that may be a bracket, for a reader that tracks
    /// dashes itself and feeds nothing else: `afterDash` says whether the character
    /// before it was an unescaped `-`. Any other character is ignored.
    mutating func feedBracket(_ scalar: Unicode.Scalar, column: Int, afterDash: Bool) {
        if InstructionSyntax.isOpener(scalar) {
            open.append((scalar, column))
        } else if scalar == ">" || scalar == ")" || scalar == "]" {
            if scalar == ">" && afterDash { return }
            if let top = open.last, InstructionSyntax.closer(of: top.scalar) == scalar {
                open.removeLast()
            }
        }
    }
}
