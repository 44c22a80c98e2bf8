import FluentKit
import SQLKit

/// A product of the catalog: a row of the `products` table.
struct Product: Codable, Equatable, Sendable {
    var sku: String
    var name: String

    /// What a new database holds.
    static let seed = [
        Product(sku: "tea", name: "Green tea, 100 g"),
        Product(sku: "coffee", name: "Coffee beans, 1 kg"),
        Product(sku: "honey", name: "Acacia honey, 500 g"),
    ]
}

/// Creates the `products` table and fills it with ``Product/seed``.
struct CreateProducts: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("products")
            .field("sku", .string, .identifier(auto: false))
            .field("name", .string, .required)
            .create()
        try await Catalog(database).sql.insert(into: "products").models(Product.seed).run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("products").delete()
    }
}

/// The products in the server's database, read through SQLKit, Fluent's SQL layer: rows
/// decode straight into the `Sendable` value ``Product``.
struct Catalog: Sendable {
    struct NotSQL: Error, CustomStringConvertible {
        var description: String { "the catalog needs an SQL database (configure(_:database:) sets up SQLite)" }
    }

    let sql: any SQLDatabase

    init(_ database: any Database) throws {
        guard let sql = database as? any SQLDatabase else { throw NotSQL() }
        self.sql = sql
    }

    /// The products whose SKU is in `skus`, by SKU; unknown SKUs are absent.
    func products(_ skus: Set<String>) async throws -> [String: Product] {
        let rows = try await sql.select().columns("sku", "name").from("products")
            .where("sku", .in, Array(skus))
            .all(decoding: Product.self)
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.sku, $0) })
    }
}
