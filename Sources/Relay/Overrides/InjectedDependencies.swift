/// The overrides in force where it is read, kept as a value: read it where an app is
/// built, and run the work that arrives later inside it — on threads and tasks that do not
/// inherit task-local values.
///
/// `withInjectedDependencies` and the `.injecting(…)` trait keep their overrides in a
/// task-local value, which reaches the code of the block and every task it starts with
/// structured concurrency. A server whose requests run on event-loop threads (Vapor and
/// SwiftNIO), a `DispatchQueue` callback, a delegate, a `Thread` or a `Task.detached` does
/// not inherit it, and resolves the live dependencies. Take the overrides along instead:
///
/// ```swift
/// @Test(.injecting("type=MyApp.Backend,factory=MyApp.Backend.Stub", index: .myApp))
/// func callbackSeesTheStub() async {
///     let injected = InjectedDependencies.current   // read where the work is set up
///     let name = await withCheckedContinuation { continuation in
///         DispatchQueue.global().async {
///             injected.run {                          // re-entered where it arrives
///                 continuation.resume(returning: DependencyContainer.global.resolve(Backend.self).name)
///             }
///         }
///     }
///     #expect(name == "stub")
/// }
/// ```
///
/// In a server, read it when the application is built and re-enter it in a middleware
/// that wraps every request:
///
/// ```swift
/// struct InjectedDependenciesMiddleware: AsyncMiddleware {    // Vapor
///     let injected = InjectedDependencies.current
///     func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
///         try await injected.run { try await next.respond(to: request) }
///     }
/// }
/// ```
///
/// **Outside any override** — in production — the value holds nothing and ``run(_:)``
/// just runs its body: reading ``current`` costs one task-local read, running costs
/// nothing more.
///
/// **Isolation.** A value holds the overrides of the code that read it, so tests running
/// at the same moment, each building its own application, each see only their own. Where
/// the running code already sees overrides, ``run(_:)`` leaves them in force: they are the
/// same ones, or ones stacked inside them (a request made from the test's own task inside
/// a nested `withInjectedDependencies`), or — if a value was kept past its test, in an
/// application shared between tests — the current test's, which are the right ones.
///
/// **Lifetime.** The value keeps its overrides alive — their registrations and the
/// singletons resolved inside them — as a `Task { }` started inside
/// `withInjectedDependencies` does: after the call returns, work run through the value
/// still sees them, and they are released, singletons included, when the last copy of
/// the value (and the last task that inherited them) is gone. Build the application inside
/// the test, so that the value dies with it; one kept in a `static let` keeps that test's
/// stubs for the life of the process.
public struct InjectedDependencies: Sendable {
    private let captured: CapturedLayer

    /// The overrides in force where this is read; empty outside any
    /// `withInjectedDependencies` call or `.injecting(…)` test.
    public static var current: InjectedDependencies { InjectedDependencies(captured: .current) }

    /// Whether no overrides were in force where the value was read: ``run(_:)`` then just
    /// runs its body.
    public var isEmpty: Bool { captured.isEmpty }

    /// Runs `body` with these overrides in force, unless the calling code already sees
    /// overrides (see the type's overview), and returns what it returns.
    ///
    /// ```swift
    /// DispatchQueue.global().async {
    ///     injected.run { store.refresh(using: DependencyContainer.global.resolve(Backend.self)) }
    /// }
    /// ```
    ///
    /// - Throws: What `body` throws; nothing else.
    public func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        try captured.run(body)
    }

    /// The `async` form of ``run(_:)``: `body` and every task it starts with structured
    /// concurrency see these overrides.
    ///
    /// ```swift
    /// Task.detached { await injected.run { await refresher.refresh() } }
    /// ```
    ///
    /// - Throws: What `body` throws; nothing else.
    public func run<Result>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result) async rethrows -> Result {
        try await captured.run(isolation: isolation, body)
    }
}
