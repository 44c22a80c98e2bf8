extension DependencyContainer {
    /// Runs `operation` as one *unit of work* — a request, a job, a command — in which every
    /// ``LifecycleType/unitOfWork`` registration has exactly one instance.
    ///
    /// Everything resolved inside shares those instances: across any number of resolves,
    /// from any container scope, and on every task `operation` runs as structured
    /// concurrency (also a `Task { }` made inside, which keeps the unit alive until it
    /// ends). Two tasks that resolve the type at the same moment get one instance. The
    /// instances are released when the block ends; the next block gets new ones.
    ///
    /// ```swift
    /// DependencyContainer.global.register(Transaction.self, lifecycle: .unitOfWork) { _ in Transaction() }
    ///
    /// func handle(_ job: Job) throws {
    ///     try DependencyContainer.withUnitOfWork {
    ///         let ledger: Ledger = try DependencyContainer.global.tryResolve()    // both see one Transaction
    ///         let audit: AuditTrail = try DependencyContainer.global.tryResolve()
    ///         try ledger.post(job, audit: audit)
    ///     }
    /// }
    /// ```
    ///
    /// A block opened inside another starts a new unit, which hides the outer one until it
    /// ends. `Task.detached` and threads not started through Swift concurrency do not
    /// inherit the unit; resolving a `unitOfWork` type there fails with
    /// ``DependencyResolutionError/Reason/noUnitOfWork``.
    ///
    /// - Throws: What `operation` throws.
    public static func withUnitOfWork<Result>(_ operation: () throws -> Result) rethrows -> Result {
        let unit = UnitOfWork()
        // Only after the binding is gone may the unit die: its instances' deinits may
        // resolve, and must not find the unit still installed.
        defer { withExtendedLifetime(unit) {} }
        return try UnitOfWorkContext.$current.withValue(unit) {
            try UnitOfWorkContext.$currentID.withValue(unit.id, operation: operation)
        }
    }

    /// The `async` form of ``withUnitOfWork(_:)``, for a server's middleware or a job
    /// runner: one block per request, around the rest of the handling.
    ///
    /// ```swift
    /// func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
    ///     try await DependencyContainer.withUnitOfWork { try await next(request, context) }
    /// }
    /// ```
    ///
    /// - Throws: What `operation` throws.
    public static func withUnitOfWork<Result>(
        isolation: isolated (any Actor)? = #isolation,
        _ operation: () async throws -> Result
    ) async rethrows -> Result {
        let unit = UnitOfWork()
        defer { withExtendedLifetime(unit) {} }
        return try await UnitOfWorkContext.$current.withValue(unit, operation: {
            try await UnitOfWorkContext.$currentID.withValue(unit.id, operation: operation, isolation: isolation)
        }, isolation: isolation)
    }
}
