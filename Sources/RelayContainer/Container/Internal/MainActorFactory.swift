internal import CRelayThreads
import Dispatch

/// Whether the calling code runs on the main actor: on the main thread, or in a job of the
/// main dispatch queue, which is the main actor's executor. (A process may drain the main
/// queue from another thread — Linux test runners do — so the thread alone is not enough.)
enum MainThread {
    static var isCurrent: Bool {
        crelay_is_main_thread() != 0 || DispatchQueue.getSpecific(key: marker.key) != nil
    }

    /// A marker set once on the main queue, so that `getSpecific` finds it exactly in
    /// code the main queue runs.
    private static let marker: Marker = {
        let marker = Marker()
        DispatchQueue.main.setSpecific(key: marker.key, value: ())
        return marker
    }()

    /// `@unchecked Sendable` is safe: `key` is a `let`, and libdispatch reads and writes
    /// queue-specific values thread-safely.
    private final class Marker: @unchecked Sendable {
        let key = DispatchSpecificKey<Void>()
    }
}

/// Thrown by a main-actor factory called off the main thread outside the resolve path
/// (through `DynamicDependencyIndex.lookup(factory:)`); resolving checks first and throws
/// a `DependencyResolutionError` instead.
struct MainActorRequired: Error, CustomStringConvertible {
    let typeName: String
    var description: String { "\(typeName) is main-actor bound; create it on the main actor" }
}

/// Carries a factory's result out of `MainActor.assumeIsolated`, which asks for a
/// `Sendable` result.
///
/// `@unchecked Sendable` is safe: the box never crosses threads — `assumeIsolated` runs its
/// closure synchronously on the calling thread and the value is taken out right there.
private struct SameThreadBox<Value>: @unchecked Sendable {
    let value: Value
}

extension DependencyFactory {
    /// A factory that must run on the main actor: `T` is created there, and resolving it
    /// off the main thread is an error, never a hop.
    package static func mainActor<T>(_ factory: @escaping @MainActor @Sendable (DependencyContainer) throws -> T) -> DependencyFactory {
        let run: @Sendable (DependencyContainer) throws -> T = { container in
            guard MainThread.isCurrent else { throw MainActorRequired(typeName: TypeName.of(T.self)) }
            return try MainActor.assumeIsolated { SameThreadBox(value: try factory(container)) }.value
        }
        return .typed(run, requiresMainActor: true)
    }
}
