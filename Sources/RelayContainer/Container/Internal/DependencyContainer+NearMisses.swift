// What a failed resolve suggests instead: the type's other tags, the type in other scopes,
// and similar type names. Built only for an error, with the engine lock held.

extension DependencyContainer {
    /// The tags `key` is registered with on this container's path (other than `tag`), `key`
    /// registered in other scopes, and registered types with a similar name. Call with the
    /// engine lock held.
    func nearMissDescriptions(for key: DependencyKey, tag: DependencyTag?) -> [String] {
        var results: [String] = []
        let path = [self] + (parent.map { [$0] } ?? [])
        let otherTags = Set(path.flatMap { $0.table.tags(of: key) + $0.injected.tags(of: key) }.map(\.name)).sortedStably().filter { $0 != tag?.name }
        if !otherTags.isEmpty {
            let list = otherTags.map { "'\($0)'" }.joined(separator: ", ")
            results.append("\(key.typeName) is registered with tag\(otherTags.count == 1 ? "" : "s") \(list); resolve it with tag:")
        }
        // A detached container (validation) sees its own world only.
        let containers = isDetached ? path : ResolutionEngine.shared.allContainers
        var places: [String: [String]] = [:]
        for container in containers {
            for registered in Set(container.table.keys + container.injected.keys) {
                if registered != key {
                    places[registered.typeName, default: []].append(container.scope.place)
                } else if container !== self && container !== parent {
                    results.append("\(key.typeName) is registered in \(container.scope.place)")
                }
            }
        }
        for name in NearMatch.suggestions(for: key.typeName, among: Array(places.keys)) {
            results.append("\(name) (registered in \(places[name]!.joined(separator: ", ")))")
        }
        return results
    }
}
