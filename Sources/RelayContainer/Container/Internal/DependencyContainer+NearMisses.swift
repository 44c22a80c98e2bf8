// What a failed resolve suggests instead: similar type names, the type in other scopes,
// and its other tags. Built only for an error, with the engine lock held.

extension DependencyContainer {
    /// The tags `key` is registered with in `containers`, each once, by name. Call with the
    /// engine lock held.
    func tags(of key: DependencyKey, in containers: [DependencyContainer]) -> [String] {
        Set(containers.flatMap { $0.table.tags(of: key) + $0.injected.tags(of: key) }.map(\.name)).sortedStably()
    }

    /// Registered types with a similar name, `key` registered in other scopes, and the
    /// tags `key` is registered with (other than `tag`). Call with the engine lock held.
    func nearMissDescriptions(for key: DependencyKey, tag: DependencyTag?) -> [String] {
        var results = nearMissDescriptions(for: key)
        let lookupPath = [self] + (parent.map { [$0] } ?? [])
        let otherTags = tags(of: key, in: lookupPath).filter { $0 != tag?.name }
        if !otherTags.isEmpty {
            let list = otherTags.map { "'\($0)'" }.joined(separator: ", ")
            results.insert("\(key.typeName) is registered with tag\(otherTags.count == 1 ? "" : "s") \(list); resolve it with tag:", at: 0)
        }
        return results
    }

    /// Registered types with a similar name, and `key` registered in other scopes. Call with
    /// the engine lock held.
    func nearMissDescriptions(for key: DependencyKey) -> [String] {
        let engine = ResolutionEngine.shared
        var containers = engine.allContainers
        if isDetached {
            containers = [self] + (parent.map { [$0] } ?? [])
        }
        var results: [String] = []
        var places: [String: [String]] = [:]
        for container in containers {
            let place = container.scope.isGlobal ? "global" : "scope '\(container.scope.name)'"
            for registered in Set(container.table.keys + container.injected.keys) {
                if registered == key {
                    if container !== self && container !== parent {
                        results.append("\(key.typeName) is registered in \(place)")
                    }
                } else {
                    places[registered.typeName, default: []].append(place)
                }
            }
        }
        for name in NearMatch.suggestions(for: key.typeName, among: places.keys) {
            results.append("\(name) (registered in \(places[name]!.joined(separator: ", ")))")
        }
        return results
    }
}
