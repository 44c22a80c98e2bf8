import RelayContainer
/// Writes instructions in canonical form, escaping exactly enough that
/// `DependencyInjectionInstruction(parsing: formatted)` returns the same instruction.
enum InstructionFormatter {
    /// `type=…,factory=…[,scope=…][,tag=…][,lifecycle=…][,parameter=…]`: the keys in
    /// ``InstructionSyntax/keys`` order, each default left out.
    ///
    /// The order puts what the binding replaces first (type, then where: scope and tag),
    /// then what replaces it (factory is second, as in 1.0, so every 1.0 instruction keeps
    /// its form), and the free text of `parameter` last, where it is easiest to read.
    static func format(_ instruction: DependencyInjectionInstruction) -> String {
        var text = "type=" + escape(instruction.type.tag) + ",factory=" + escape(instruction.factory.tag)
        if !instruction.scope.isGlobal {
            text += ",scope=" + escape(instruction.scope.name)
        }
        if let tag = instruction.tag {
            text += ",tag=" + escape(tag.name)
        }
        if instruction.lifecycle != .singleton {
            text += ",lifecycle=" + instruction.lifecycle.rawValue
        }
        if let parameter = instruction.parameter {
            text += ",parameter=" + escape(parameter)
        }
        return text
    }

    /// Escapes one value.
    ///
    /// Always escaped: `\`, `=`, `;`, `#`, control characters, and a space at either end.
    /// When the value's brackets balance, brackets stay bare and only commas outside
    /// brackets are escaped, so generics stay readable; otherwise every opener and every
    /// comma is escaped so that no bracket is ever opened.
    static func escape(_ value: String) -> String {
        let scalars = Array(value.unicodeScalars)
        var probe = InstructionBracketTracker()
        for (index, scalar) in scalars.enumerated() {
            probe.feed(scalar, escaped: false, column: index + 1)
        }
        let balanced = probe.depth == 0

        var tracker = InstructionBracketTracker()
        var text = ""
        for (index, scalar) in scalars.enumerated() {
            let atEdge = index == 0 || index == scalars.count - 1
            switch scalar {
            case "\\", "=", ";", "#":
                text += "\\"
                text.unicodeScalars.append(scalar)
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where UserText.isControl(scalar):
                text += UserText.unicodeEscape(scalar)
            case " " where atEdge:
                text += "\\ "
            case ",":
                text += balanced && tracker.depth > 0 ? "," : "\\,"
            case _ where InstructionSyntax.isOpener(scalar) && !balanced:
                text += "\\"
                text.unicodeScalars.append(scalar)
            default:
                text.unicodeScalars.append(scalar)
            }
            if balanced {
                tracker.feed(scalar, escaped: false, column: index + 1)
            }
        }
        return text
    }
}

#if RELAY_DRIVABLE // machinery: the formatter and `relay format` write sections
extension DependencyContainerScope {
    /// The `[name]` line that starts this scope's section in a `.relay` file, or `nil`
    /// when the scope cannot be written as a header and reads back the same: the global
    /// scope, an empty name, a name with brackets, control characters other than an inner
    /// tab, or blanks at either end. Such scopes are written with `scope=` instead.
    package var relayFileHeader: String? {
        let scalars = Array(name.unicodeScalars)
        guard !isGlobal, let first = scalars.first, let last = scalars.last else { return nil }
        guard !InstructionSyntax.isBlank(first), !InstructionSyntax.isBlank(last) else { return nil }
        let readsBack = !scalars.contains { $0 == "[" || $0 == "]" || (UserText.isControl($0) && $0 != "\t") }
        return readsBack ? "[\(name)]" : nil
    }
}
#endif
