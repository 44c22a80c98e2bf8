import Foundation

/// Whether the calling thread is the main thread, where the main actor runs.
enum MainThread {
    static var isCurrent: Bool { Thread.isMainThread }
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
    static func mainActor<T>(_ factory: @escaping @MainActor @Sendable (DependencyContainer) throws -> T) -> DependencyFactory {
        let run: @Sendable (DependencyContainer) throws -> T = { container in
            guard MainThread.isCurrent else { throw MainActorRequired(typeName: String(reflecting: T.self)) }
            return try MainActor.assumeIsolated { SameThreadBox(value: try factory(container)) }.value
        }
        return .typed(run, requiresMainActor: true)
    }
}
