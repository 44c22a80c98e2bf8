/// One registration as ``DependencyContainer/description`` lists it, as a plain value
/// (``ResolutionEngine/listing(of:)``).
struct RegistrationListing {
    let typeName: String
    let tag: DependencyTag?
    /// An argument registration's argument type, by name.
    let argumentTypeName: String?
    let lifecycle: LifecycleType
    let instanceScope: InstanceScope?
    /// For a forwarded type's registration (`register(_:as:…)`), the implementation's type.
    let forwardsTo: String?
    /// For an implementation, the types forwarded to it here with the same tag, sorted.
    let forwardedAs: [String]
    let runsOnMainActor: Bool
    let hasCompletion: Bool
    let origin: String

    /// The order registrations are listed and reported in: by type name, then tag, then
    /// argument type; untagged and argument-free first.
    static func listedBefore(_ lhs: (type: String, tag: String?, argument: String?), _ rhs: (type: String, tag: String?, argument: String?)) -> Bool {
        if lhs.type != rhs.type { return lhs.type < rhs.type }
        if lhs.tag != rhs.tag { return before(lhs.tag, rhs.tag) }
        return before(lhs.argument, rhs.argument)
    }

    /// `nil` first, then by text.
    private static func before(_ lhs: String?, _ rhs: String?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil), (_?, nil): false
        case (nil, _?): true
        case let (lhs?, rhs?): lhs < rhs
        }
    }
}

/// An implementation and a tag: the types forwarded to it are listed with it.
private struct ForwardingTarget: Hashable {
    let implementation: ObjectIdentifier
    let tag: DependencyTag?
}

extension ResolutionEngine {
    /// The registrations of `container` itself (not its fallback): its code registrations
    /// and, apart, those dynamic injection made (its injected layer), each sorted by
    /// ``RegistrationListing/listedBefore(_:_:)``. Overrides are not included.
    func listing(of container: DependencyContainer) -> (code: [RegistrationListing], injected: [RegistrationListing]) {
        // Only taking them from the tables needs the lock: their singleton cells are not read.
        let (code, injected) = read { (container.table.registrations, container.injected.registrations) }
        return (Self.listing(code), Self.listing(injected))
    }

    private static func listing(_ registrations: [Registration]) -> [RegistrationListing] {
        var forwarded: [ForwardingTarget: [String]] = [:]
        for registration in registrations {
            guard let implementation = registration.forwardedImplementation else { continue }
            forwarded[ForwardingTarget(implementation: implementation, tag: registration.tag), default: []].append(registration.key.typeName)
        }
        return registrations.map { registration in
            RegistrationListing(
                typeName: registration.key.typeName,
                tag: registration.tag,
                argumentTypeName: registration.argumentFactory.map { TypeName.of($0.argumentType) },
                lifecycle: registration.lifecycle,
                instanceScope: registration.instanceScope,
                forwardsTo: registration.forwarding.map { TypeName.of($0.implementation) },
                forwardedAs: registration.argumentFactory == nil ? (forwarded[ForwardingTarget(implementation: registration.key.id, tag: registration.tag)] ?? []).sortedStably() : [],
                runsOnMainActor: registration.requiresMainActor,
                hasCompletion: registration.completion != nil,
                origin: registration.origin.description
            )
        }
        .sortedStably { RegistrationListing.listedBefore(($0.typeName, $0.tag?.name, $0.argumentTypeName), ($1.typeName, $1.tag?.name, $1.argumentTypeName)) }
    }
}
