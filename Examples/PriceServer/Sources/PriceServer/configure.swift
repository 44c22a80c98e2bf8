import Fluent
import FluentSQLiteDriver
import Vapor

/// Sets the application up: the SQLite database (created and seeded on first use), the
/// middleware, the routes.
///
/// Each request resolves the price API when it arrives, inside the overrides that were in
/// force here: call it after `inject()` at start-up, or inside a test's `.injecting(…)` /
/// `withInjectedDependencies`.
func configure(_ app: Application, database: SQLiteConfiguration) async throws {
    app.databases.use(.sqlite(database), as: .sqlite)
    app.migrations.add(CreateProducts())
    try await app.autoMigrate()
    app.middleware.use(InjectedDependenciesMiddleware())   // first: the test's stubs, if any
    app.middleware.use(UnitOfWorkMiddleware())             // then one unit of work per request
    routes(app)
}
