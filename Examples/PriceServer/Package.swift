// swift-tools-version: 6.0
import PackageDescription

// A Vapor 4 price service with a SQLite database through Fluent and a stubbed outside
// price API: started the README's way, tested in-process with VaporTesting and as a
// driver over every instruction channel. docs/server-cli-testing.md quotes its files
// (Tests/RelayTests/ServerDocsExampleTests.swift checks that), and
// Scripts/test-examples.sh builds and tests it.
let package = Package(
    name: "PriceServer",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "price-server", targets: ["PriceServer"]),
    ],
    dependencies: [
        // Relay from this repository. `name:` is needed because a path dependency is
        // otherwise known by its folder's name.
        .package(name: "Relay", path: "../.."),
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
        .package(url: "https://github.com/vapor/fluent", from: "4.13.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver", from: "4.9.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
    ],
    targets: [
        .executableTarget(name: "PriceServer", dependencies: [
            .product(name: "Relay", package: "Relay"),
            .product(name: "Vapor", package: "vapor"),
            .product(name: "Fluent", package: "fluent"),
            .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOFoundationCompat", package: "swift-nio"),
        ]),
        .testTarget(name: "PriceServerTests", dependencies: [
            "PriceServer",
            .product(name: "RelayTesting", package: "Relay"),
            .product(name: "VaporTesting", package: "vapor"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOFoundationCompat", package: "swift-nio"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
