/// Replacements that are visible only inside ``withInjectedDependencies(_:operation:)``.
///
/// Build them from the same instruction strings a driver passes on the command line, from
/// ``DependencyMetaContainer``s, or from typed factories:
///
/// ```swift
/// var overrides = try DependencyOverrides("type=MyApp.Backend,factory=MyApp.Backend.Stub", index: .myApp)
/// overrides.register(Clock.self) { _ in FixedClock(.distantPast) }
/// try withInjectedDependencies(overrides) {
///     #expect(Checkout().total() == 42)
/// }
/// ```
///
/// Instructions are checked against the ``index`` (the same checks and messages as
/// ``DynamicDependencyRegistry``) when the overrides are applied, before the operation runs.
public struct DependencyOverrides: Sendable {
    /// The index instructions are looked up in.
    public var index: DynamicDependencyIndex
    /// Instruction-built overrides, in the order added.
    var instructions: [LocatedInstruction] = []
    /// Overrides registered with a typed factory, in the order added.
    var typed: [RegistrationRequest] = []

    /// No overrides yet; instructions added later are looked up in `index`.
    public init(index: DynamicDependencyIndex = .shared) {
        self.index = index
    }

    /// Overrides from instruction strings in the `-d` syntax.
    ///
    /// - Throws: ``DynamicInjectionError`` when an instruction does not parse, positioned
    ///   by its place in the list.
    ///   A release build without dynamic injection has no parser: there it throws for any
    ///   instruction (see ``DynamicInjectionPolicy``).
    public init(_ instructions: [String], index: DynamicDependencyIndex = .shared) throws(DynamicInjectionError) {
        self.init(index: index)
        #if !RELAY_DRIVABLE
        guard instructions.isEmpty else { throw Self.notInThisBuild(at: .custom(source: "override #1", line: nil, column: nil)) }
        #else
        var diagnostics: [RelayDiagnostic] = []
        index.withInstructionExamples {
            for (position, text) in instructions.enumerated() {
                let origin = InstructionOrigin.custom(source: "override #\(position + 1)", line: nil, column: nil)
                do throws(InstructionParser.Failure) {
                    let parsed = try InstructionParser.parse(text, defaultScope: .global)
                    self.instructions.append(parsed.located(at: origin))
                } catch {
                    diagnostics.append(.error(error.message, at: origin.offset(byColumns: error.column - 1)))
                }
            }
        }
        if !diagnostics.isEmpty { throw DynamicInjectionError(diagnostics: diagnostics) }
        #endif
    }

    /// Overrides from instruction strings in the `-d` syntax.
    public init(_ instructions: String..., index: DynamicDependencyIndex = .shared) throws(DynamicInjectionError) {
        try self.init(instructions, index: index)
    }

    /// Adds an instruction; `origin` names it in diagnostics and reports.
    public mutating func add(_ instruction: DependencyInjectionInstruction, origin: InstructionOrigin = .code) {
        instructions.append(LocatedInstruction(instruction: instruction, origin: origin))
    }

    /// Adds every definition of `metaContainer`.
    public mutating func add(_ metaContainer: DependencyMetaContainer) {
        for definition in metaContainer.definitions {
            add(DependencyInjectionInstruction(type: definition.typeIdentifier, factory: definition.factoryIdentifier, scope: metaContainer.scope, lifecycle: definition.lifecycle), origin: definition.origin)
        }
    }

    /// Adds a typed factory for `type` in `scope`.
    public mutating func register<T>(
        _ type: T.Type,
        scope: DependencyContainerScope = .global,
        lifecycle: LifecycleType = .singleton,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (DependencyContainer) throws -> T
    ) {
        typed.append(RegistrationRequest(scope: scope, key: DependencyKey(T.self), lifecycle: lifecycle, origin: .described("override at \(file):\(line)"), factory: .typed(factory)))
    }

    /// Checks the instructions against the index and returns every registration of the
    /// override layer, in order: a later one replaces an earlier one for the same scope
    /// and type, and typed overrides come after instructions.
    ///
    /// The instructions are one input of the binding plan whose repeats are not errors but
    /// replacements (``BindingPlan/Repeats/lastWins``): the last instruction for a type wins,
    /// as a test writes the one it means last. Problems are reported in the order the
    /// instructions were given.
    func registrations() throws(DynamicInjectionError) -> [RegistrationRequest] {
        #if RELAY_DRIVABLE
        let input = BindingPlan.Input(name: "overrides", instructions: instructions, repeats: .lastWins)
        let checked = try BindingPlan(merging: [input]).check(against: index, hint: Self.hint(for: index))
        return checked.requests + typed
        #else
        if let first = instructions.first { throw Self.notInThisBuild(at: first.origin) }
        return typed
        #endif
    }

    #if !RELAY_DRIVABLE
    /// Instructions in a release build without dynamic injection: nothing can check or
    /// apply them, and dropping them would run the test on the live implementations.
    private static func notInThisBuild(at origin: InstructionOrigin) -> DynamicInjectionError {
        DynamicInjectionError(diagnostics: [.error("instructions cannot be applied: \(BuildConfiguration.withoutDynamicInjection); use typed overrides (register(_:factory:)) instead", at: origin)])
    }
    #endif

    /// The note added to an unknown key: for the shared index, that a test may have
    /// checked it before the code that fills it ran.
    static func hint(for index: DynamicDependencyIndex) -> RelayDiagnostic? {
        index === DynamicDependencyIndex.shared ? .note(IndexMessages.sharedIndexInTests, at: .code) : nil
    }
}
