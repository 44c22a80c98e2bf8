// Sources/StatusCtl/StatusStubs.swift
#if DEBUG
/// A fixed list of components. Compiled into debug builds only.
struct FixedStatus: StatusService {
    let components: [Component]
    func components() async throws -> [Component] { components }

    static let allOperational = FixedStatus(components: [
        Component(name: "api", state: "operational"),
        Component(name: "payments", state: "operational"),
    ])
    static let paymentsDegraded = FixedStatus(components: [
        Component(name: "api", state: "operational"),
        Component(name: "payments", state: "degraded"),
    ])
}

/// A status service that cannot be reached. Compiled into debug builds only.
struct Unreachable: StatusService {
    struct Refused: Error, CustomStringConvertible {
        var description: String { "connection refused" }
    }
    func components() async throws -> [Component] { throw Refused() }
}
#endif
