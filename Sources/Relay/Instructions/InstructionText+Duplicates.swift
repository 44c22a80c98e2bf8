extension InstructionText {
    /// Reports every instruction that binds the same type in the same scope as an earlier
    /// instruction of the same source: one error at each repeat, with a note at the first.
    ///
    /// - Parameters:
    ///   - instructions: The instructions of one source, in source order.
    ///   - sourceName: The source's display name. The messages do not repeat it, because
    ///     each diagnostic's origin already names the source.
    static func duplicateDiagnostics(_ instructions: [LocatedInstruction], sourceName: String) -> [RelayDiagnostic] {
        var first: [InstructionConflictKey: LocatedInstruction] = [:]
        var diagnostics: [RelayDiagnostic] = []
        for located in instructions {
            let key = located.conflictKey
            guard let previous = first[key] else {
                first[key] = located
                continue
            }
            diagnostics.append(.error(
                "duplicate instruction for \(key.type.tag) in scope \(key.scope.name); each type may be bound once per scope in one source — remove one of them",
                at: located.origin,
                notes: [.note("previous instruction for \(key.type.tag) is here", at: previous.origin)]
            ))
        }
        return diagnostics
    }
}
