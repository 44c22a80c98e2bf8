/// The override layer the reading code sees, kept as a value so that code which does not
/// inherit task-local values (an event loop, a `DispatchQueue` callback, a detached task)
/// can run inside it later: the engine half of `InjectedDependencies`.
///
/// The value holds its layer strongly, as a task started inside it does (see
/// ``OverrideLayer``, "Who sees a layer").
///
/// ``run(_:)`` installs the captured layer only where the running code sees none. Where it
/// sees one, that is the same layer, one stacked inside it, or — for a value kept past the
/// code that captured it — another test's: in every case the right one.
package struct CapturedLayer: Sendable {
    /// `nil` when captured where no layer was in force.
    private let layer: OverrideLayer?

    /// The innermost layer the calling code sees, if any: one task-local read.
    package static var current: CapturedLayer { CapturedLayer(layer: OverrideContext.current) }

    /// Whether a layer was captured.
    package var isEmpty: Bool { layer == nil }

    /// Runs `body` inside the captured layer (see the type's overview).
    package func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard let layer, OverrideContext.current == nil else { return try body() }
        return try ResolutionEngine.shared.withLayer(layer, operation: body)
    }

    /// The `async` form of ``run(_:)``.
    package func run<Result>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result) async rethrows -> Result {
        guard let layer, OverrideContext.current == nil else { return try await body() }
        return try await OverrideContext.$current.withValue(layer, operation: body, isolation: isolation)
    }
}
