/// Replacements that are visible only inside ``withInjectedDependencies(_:operation:)``.
///
/// Build them from the same instruction strings a driver passes on the command line, from
/// ``DependencyMetaContainer``s, or from typed factories:
///
/// ```swift
/// var overrides = try DependencyOverrides("type=MyApp.Backend,factory=MyApp.Backend.Stub")
/// overrides.register(Clock.self) { _ in FixedClock(.distantPast) }
/// try withInjectedDependencies(overrides) {
///     #expect(Checkout().total() == 42)
/// }
/// ```
///
/// Instructions are checked against the ``index`` (the same checks and messages as
/// ``DynamicDependencyRegistry``) when the overrides are applied, before the operation runs.
public struct DependencyOverrides: Sendable {
    struct TypedEntry: Sendable {
        let scope: DependencyContainerScope
        let make: @Sendable (DependencyContainer) -> Registration
    }

    /// The index instructions are looked up in.
    public var index: DynamicDependencyIndex
    var instructions: [LocatedInstruction] = []
    var typed: [TypedEntry] = []

    /// No overrides yet; instructions added later are looked up in `index`.
    public init(index: DynamicDependencyIndex = .shared) {
        self.index = index
    }

    /// Overrides from instruction strings in the `-d` syntax.
    ///
    /// - Throws: ``DynamicInjectionError`` when an instruction does not parse, positioned
    ///   by its place in the list.
    public init(_ instructions: [String], index: DynamicDependencyIndex = .shared) throws(DynamicInjectionError) {
        self.init(index: index)
        var diagnostics: [RelayDiagnostic] = []
        for (position, text) in instructions.enumerated() {
            let origin = InstructionOrigin.custom(source: "override #\(position + 1)", line: nil, column: nil)
            do {
                add(try DependencyInjectionInstruction(parsing: text), origin: origin)
            } catch {
                diagnostics.append(.error(error.message, at: origin.offset(byColumns: error.column - 1)))
            }
        }
        if !diagnostics.isEmpty { throw DynamicInjectionError(diagnostics: diagnostics) }
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
        typed.append(TypedEntry(scope: scope) { owner in
            TypedRegistration(lifecycle: lifecycle, origin: .described("override at \(file):\(line)"), owner: owner, factory: factory)
        })
    }

    /// Checks the instructions and builds the frame's registrations. Later entries replace
    /// earlier ones for the same scope and type; typed entries come after instructions.
    func makeFrame(parent: OverrideFrame?) throws(DynamicInjectionError) -> OverrideFrame {
        var registrations: [OverrideFrame.Key: Registration] = [:]
        if !instructions.isEmpty {
            // Later instructions win: keep the last per (scope, type), then check them all.
            var last: [InstructionConflictKey: LocatedInstruction] = [:]
            for located in instructions { last[located.conflictKey] = located }
            let registry = DynamicDependencyRegistry(index: index, metaContainers: [])
            let bindings = last.values.map { located in
                DynamicInjectionReport.Binding(scope: located.instruction.scope, type: located.instruction.type, factory: located.instruction.factory, lifecycle: located.instruction.lifecycle, origin: located.origin)
            }
            let problems = bindings.flatMap(registry.check)
            if !problems.isEmpty { throw DynamicInjectionError(diagnostics: problems) }
            for registration in try registry.makeRegistrations(for: bindings) {
                registrations[.init(scope: registration.owner.scope, key: registration.key)] = registration
            }
        }
        for entry in typed {
            let registration = entry.make(DependencyContainer.container(for: entry.scope))
            registrations[.init(scope: entry.scope, key: registration.key)] = registration
        }
        return OverrideFrame(parent: parent, registrations: registrations)
    }
}
