import Fluent
import FluentSQLiteDriver
import Vapor

/// Sets the application up: the SQLite database (created and seeded on first use), the
/// unit-of-work middleware, the routes.
///
/// Nothing here resolves a dependency: each request resolves the price API when it
/// arrives, so the application may be configured anywhere — what decides which API a
/// request sees is the layer the request runs in.
func configure(_ app: Application, database: SQLiteConfiguration) async throws {
    app.databases.use(.sqlite(database), as: .sqlite)
    app.migrations.add(CreateProducts())
    try await app.autoMigrate()
    app.middleware.use(UnitOfWorkMiddleware())
    routes(app)
}
