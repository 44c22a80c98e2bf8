#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
/// Helpers for writing your own ``DependencyInstructionSource``: they parse text in the
/// `.relay` file format, check it for duplicates and throw the same positioned errors
/// as Relay's built-in sources.
///
/// ```swift
/// struct DefaultsSource: DependencyInstructionSource {
///     var name: String { "UserDefaults[relay]" }
///     func readInstructions(context: InstructionReadContext) throws -> [LocatedInstruction] {
///         guard let text = UserDefaults.standard.string(forKey: "relay") else { return [] }
///         return try InstructionSourceParsing.parseRelayText(text, source: name, context: context)
///     }
/// }
/// ```
public enum InstructionSourceParsing {
    /// Parses text in the `.relay` file format (one instruction per line, `#` comments,
    /// `[scope]` headers; see docs/configuration.md) and checks it for duplicates.
    ///
    /// Origins are ``InstructionOrigin/custom(source:line:column:)`` with `source` as the
    /// name, so messages read `source:line:column: error: …`.
    ///
    /// - Parameters:
    ///   - text: The source's contents. A leading byte order mark is ignored.
    ///   - source: The name shown in origins, usually the source's ``DependencyInstructionSource/name``.
    ///   - context: Supplies the size and count limits.
    /// - Returns: The instructions in text order.
    /// - Throws: ``DynamicInjectionError``: for text over
    ///   ``InstructionSourceLimits/maxBytes``, or holding a NUL, a control character
    ///   other than tab, line feed and carriage return, or a carriage return not followed
    ///   by a line feed anywhere (in a comment too), one
    ///   error at the first offending character — exactly what
    ///   ``parseRelayBytes(_:source:context:)`` reports for the text's UTF-8; otherwise
    ///   every problem found: more than ``InstructionSourceLimits/maxInstructions``
    ///   instructions, instruction syntax errors, malformed or contradicted scope headers,
    ///   and two instructions for the same type in the same scope.
    public static func parseRelayText(_ text: String, source: String, context: InstructionReadContext) throws -> [LocatedInstruction] {
        let parsed = InstructionText.parseRelayFile(
            text,
            source: { .custom(source: source, line: $0, column: $1) },
            limits: context.limits
        )
        return try finish(InstructionSourceReadResult(instructions: parsed.instructions, diagnostics: parsed.diagnostics))
    }

    /// Like ``parseRelayText(_:source:context:)``, for raw bytes: the bytes must be UTF-8
    /// (a leading byte order mark is ignored) without NUL bytes, control characters
    /// other than tab, line feed and carriage return, or a carriage return not followed
    /// by a line feed.
    ///
    /// - Throws: ``DynamicInjectionError``: for bytes over
    ///   ``InstructionSourceLimits/maxBytes``, invalid UTF-8, a NUL byte or a control
    ///   character, one error at the first offending byte; otherwise every problem
    ///   ``parseRelayText(_:source:context:)`` reports.
    public static func parseRelayBytes(_ bytes: some Collection<UInt8>, source: String, context: InstructionReadContext) throws -> [LocatedInstruction] {
        try finish(parseRelayBytes(bytes, origin: { .custom(source: source, line: $0, column: $1) }, limits: context.limits))
    }

    /// Decodes bytes and parses them as a `.relay` file, without the duplicate check.
    static func parseRelayBytes(
        _ bytes: some Collection<UInt8>,
        origin: (_ line: Int, _ column: Int) -> InstructionOrigin,
        limits: InstructionSourceLimits
    ) -> InstructionSourceReadResult {
        switch InstructionText.checked(bytes: bytes, origin: origin, limits: limits) {
        case .failure(let error):
            return InstructionSourceReadResult(diagnostics: error.diagnostics)
        case .success(let text):
            let parsed = InstructionText.parseRelayFile(checked: text, source: origin, limits: limits)
            return InstructionSourceReadResult(instructions: parsed.instructions, diagnostics: parsed.diagnostics)
        }
    }

    /// Adds the duplicate check to what one source read, then returns its instructions or
    /// throws every diagnostic.
    static func finish(_ result: InstructionSourceReadResult) throws(DynamicInjectionError) -> [LocatedInstruction] {
        let diagnostics = result.diagnostics + result.instructions.repeatDiagnostics
        guard diagnostics.isEmpty else { throw DynamicInjectionError(diagnostics: diagnostics) }
        return result.instructions
    }
}
#endif
