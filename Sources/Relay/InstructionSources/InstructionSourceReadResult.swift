#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
/// What reading one input produced: the instructions that parsed and every problem
/// found, before the duplicate check. Sources combine these and throw at the end.
struct InstructionSourceReadResult: Hashable, Sendable {
    /// The instructions without problems, in input order.
    var instructions: [LocatedInstruction] = []
    /// Every problem found, in input order.
    var diagnostics: [RelayDiagnostic] = []
}
#endif
