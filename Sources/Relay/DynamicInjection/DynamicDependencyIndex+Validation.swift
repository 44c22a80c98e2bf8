extension DynamicDependencyIndex {
    /// Dry-runs every indexed factory and reports every failure at once.
    ///
    /// Each factory runs against a throw-away copy of the live containers (so its
    /// dependencies resolve as they would after injection, and no singleton leaks out).
    /// A factory indexed with ``add(factory:producing:_:)`` is registered in that copy
    /// under the type it produces and resolved, which also catches cycles through it.
    ///
    /// A factory indexed with ``add(factory:producing:_:)`` must produce a type some type
    /// key is indexed as — otherwise no instruction can bind it. One that does not fails
    /// with ``DependencyResolutionError/Reason/factoryForNoTypeKey(typeKey:indexedAs:)``,
    /// without running: usually the type key was indexed with the concrete class where
    /// code resolves the protocol the factory produces, and the fix is
    /// `add(type: DependencyTypeKey("MyApp.Backend"), Backend.self)`.
    ///
    /// An untyped factory (from a ``DependencyFactoryIndexable``) says nothing about what
    /// it produces, so it is checked against the type its key names by the
    /// `[type key].[purpose]` convention: `MyApp.Backend.Stub` must produce what
    /// `MyApp.Backend` is indexed as. An untyped factory whose key follows no indexed type
    /// key is only run; what it makes is checked when the type is resolved.
    ///
    /// A factory indexed with a parameter
    /// (``add(factory:producing:parameter:_:)``) is not run: it has no text to run with.
    /// Its parameter is checked, with the text an instruction gives, when instructions are.
    /// So is a factory indexed with a runtime argument
    /// (``add(factory:producing:argument:_:)``): it has no argument to run with.
    ///
    /// Factories run for real; see ``DependencyContainer/validate()``.
    ///
    /// - Throws: ``DependencyValidationError`` listing every failing factory.
    public func validate() throws(DependencyValidationError) {
        var failures: [DependencyValidationError.Failure] = []
        let snapshot = snapshot()
        for (key, factory) in snapshot.factories.sortedStably(by: { $0.key < $1.key }) {
            let subject = "factory '\(UserText.escaped(key.tag))'"
            if let produced = factory.produces, !snapshot.hasTypeKey(for: produced) {
                let named = Self.typeNamed(byFactory: key, among: snapshot.types)
                failures.append(.init(subject: subject, error: .factoryForNoTypeKey(
                    produced: produced, subject: subject, typeKey: named.map { UserText.escaped($0.0.tag) }, indexedAs: named?.1.typeName
                )))
                continue
            }
            guard snapshot.parameters[key] == nil, factory.argumentType == nil else { continue }
            do throws(DependencyResolutionError) {
                let made = try ResolutionEngine.shared.dryRun(factory, subject: subject)
                if factory.produces == nil, let (typeKey, type) = Self.typeNamed(byFactory: key, among: snapshot.types), !isInstance(made, of: type.type) {
                    throw .mismatch(requested: type.type, actual: made, scope: .global, chain: [type], registration: "\(subject), named for type key '\(UserText.escaped(typeKey.tag))'")
                }
            } catch {
                failures.append(.init(subject: subject, error: error))
            }
        }
        if !failures.isEmpty { throw DependencyValidationError(failures: failures) }
    }

    /// The indexed type key that factory key `key` is named for (`A.B.Stub` → `A.B`): the
    /// longest type key followed by a `.` at the start of `key`.
    private static func typeNamed(byFactory key: DependencyFactoryKey, among types: [DependencyTypeKey: DependencyKey]) -> (DependencyTypeKey, DependencyKey)? {
        types
            .filter { key.tag.hasPrefix($0.key.tag + ".") }
            .max { $0.key.tag.count < $1.key.tag.count }
            .map { ($0.key, $0.value) }
    }
}
