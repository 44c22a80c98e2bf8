#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
// Layer: DynamicInjection. Examples made of an index's own keys, for the messages about
// a malformed instruction read for that index.

extension DynamicDependencyIndex {
    /// Runs `read` — reading instructions meant for this index — so that messages about a
    /// malformed instruction show this index's own keys as examples (``InstructionExample``).
    func withInstructionExamples<Result>(_ read: () throws -> Result) rethrows -> Result {
        try InstructionExample.$provider.withValue(InstructionExample.Provider { [self] in instructionExample(for: $0) }, operation: read)
    }

    /// An example instruction made of this index's keys, for messages about a malformed
    /// instruction (``InstructionExample``): for the type key `given` names, a factory
    /// indexed as producing it; for the factory key it names, the type key of what it
    /// produces; otherwise the first type key (in natural order) with a factory producing
    /// it, then the first type key and the first factory key. `nil` when the index lacks
    /// either kind of key.
    func instructionExample(for given: InstructionExample.Given) -> InstructionExample? {
        let snapshot = snapshot()
        let (types, factories) = (snapshot.types, snapshot.factories)
        guard !types.isEmpty, !factories.isEmpty else { return nil }
        let typeKeys = types.keys.map(\.tag).sortedStably { NearMatch.naturalOrder($0, $1) }
        /// The first factory key, in natural order, indexed as producing `type`.
        func factory(producing type: DependencyKey?) -> String? {
            guard let type else { return nil }
            return factories.compactMap { $0.value.produces == type ? $0.key.tag : nil }.min { NearMatch.naturalOrder($0, $1) }
        }
        if let typeKey = given.type, let found = factory(producing: types[DependencyTypeKey(typeKey)]) {
            return InstructionExample(typeKey: typeKey, factoryKey: found)
        }
        if let factoryKey = given.factory, let produced = factories[DependencyFactoryKey(factoryKey)]?.produces,
           let typeKey = typeKeys.first(where: { types[DependencyTypeKey($0)] == produced }) {
            return InstructionExample(typeKey: typeKey, factoryKey: factoryKey)
        }
        for typeKey in typeKeys {
            if let found = factory(producing: types[DependencyTypeKey(typeKey)]) {
                return InstructionExample(typeKey: typeKey, factoryKey: found)
            }
        }
        let factoryKey = factories.keys.map(\.tag).min { NearMatch.naturalOrder($0, $1) }
        return factoryKey.map { InstructionExample(typeKey: typeKeys[0], factoryKey: $0) }
    }
}
#endif
