import RelayContainer
/// Lexical rules shared by the instruction parser, the formatter and the source parsers.
package enum InstructionSyntax {
    /// The valid keys, in canonical order: the order ``InstructionFormatter`` writes them in.
    static let keys = ["type", "factory", "scope", "tag", "lifecycle", "parameter"]

    /// The valid keys for messages: `type, factory, scope, tag, lifecycle and parameter`.
    static let keyList = keys.dropLast().joined(separator: ", ") + " and " + keys[keys.count - 1]

    /// The lifecycles an instruction may name, for messages: `'singleton' or 'transient'`,
    /// and every case ``LifecycleType`` has.
    static var lifecycleList: String {
        let names = LifecycleType.allCases.map { "'\($0.rawValue)'" }
        return names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }

    /// The lifecycle named `text`, in any case (`Transient` is `transient`, as Relay 0.3
    /// accepted); every case of ``LifecycleType``, so a new case is accepted by name as soon
    /// as it exists.
    static func lifecycle(named text: String) -> LifecycleType? {
        if let exact = LifecycleType(rawValue: text) { return exact }
        let lowered = text.lowercased()
        return LifecycleType.allCases.first { $0.rawValue.lowercased() == lowered }
    }

    /// For a scope or lifecycle named like "per request" in other frameworks (`request`,
    /// `perRequest`, `scoped`, in any case, with or without `-`/`_`): what gives one
    /// instance per request in Relay. `nil` for any other name.
    ///
    /// A scope names a container (a set of registrations), not a lifetime, and Relay has
    /// no `request` lifecycle: one instance per request is the `unitOfWork` lifecycle
    /// inside `DependencyContainer.withUnitOfWork`.
    package static func perRequestHint(for name: String) -> String? {
        let folded = String(name.lowercased().unicodeScalars.filter { $0 != "-" && $0 != "_" })
        guard ["request", "perrequest", "requestscope", "requestscoped", "scoped"].contains(folded) else { return nil }
        return "for one instance per request, use lifecycle=unitOfWork and run each request in DependencyContainer.withUnitOfWork { … }"
    }

    /// The characters that a backslash turns into themselves (`\,` is a literal comma).
    static let selfEscapes: Set<Unicode.Scalar> = ["\\", ",", "=", ";", "#", " ", "<", ">", "(", ")", "[", "]"]

    /// The escapes list shown in error messages.
    static let escapeList = ##"\\ \, \= \; \# \<space> \< \> \( \) \[ \] \n \r \t \u{HEX}"##

    /// Space and tab: the only characters trimmed around keys and values.
    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t"
    }

    /// Whether `scalar` opens a bracket: `<`, `(` or `[`.
    static func isOpener(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "<" || scalar == "(" || scalar == "["
    }

    /// The closer matching `opener`.
    static func closer(of opener: Unicode.Scalar) -> Unicode.Scalar {
        switch opener {
        case "<": ">"
        case "(": ")"
        default: "]"
        }
    }

    /// `U+0007` style name of a scalar, at least four hex digits.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

}
