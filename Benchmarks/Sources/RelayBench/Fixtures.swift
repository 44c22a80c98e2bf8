import BenchSupport

// The types the benchmarks resolve. Services are class-bound protocols, as they usually
// are in an app, so every result has an identity that `consume` can fold in.

/// (a), (d): a singleton behind a protocol.
protocol SingletonService: AnyObject, Sendable {}
final class LiveSingletonService: SingletonService {}

/// (f): a singleton registered only in the global container, resolved from a scope.
protocol FallbackService: AnyObject, Sendable {}
final class LiveFallbackService: FallbackService {}

/// (b): a transient class with no dependencies.
final class PlainObject {
    init() {}
}

/// (c): A → B → C, each behind a protocol, each transient.
protocol GraphA: AnyObject {}
protocol GraphB: AnyObject {}
protocol GraphC: AnyObject {}

final class LiveGraphA: GraphA {
    let b: any GraphB
    init(b: any GraphB) { self.b = b }
}

final class LiveGraphB: GraphB {
    let c: any GraphC
    init(c: any GraphC) { self.c = c }
}

final class LiveGraphC: GraphC {
    init() {}
}

/// The floor for singleton resolution: the service read from a stored property.
///
/// `service` is a `var` on an object that has escaped (see `init`), so the optimizer
/// must reload it after every opaque `consume` call instead of hoisting the read out of
/// the loop: the floor really is one property read per operation.
// `@unchecked Sendable`: `service` is written only in `init`; the benchmark threads only
// read it.
final class PropertyHolder: @unchecked Sendable {
    var service: any SingletonService

    init(_ service: any SingletonService) {
        self.service = service
        escape(self)
    }
}

/// Carries a value that is not `Sendable` to the benchmark's second thread.
// `@unchecked Sendable`: used only for Swinject's `container.synchronize()` resolver,
// which Swinject documents as safe to use from several threads at once.
struct UncheckedSendableBox<Value>: @unchecked Sendable {
    let value: Value
}
