// swift-tools-version: 6.0
import PackageDescription

// A Hummingbird 2 forecast service with stubbed backends: a server started the README's
// way, tested through every instruction channel and in-process. Written only from the
// README and docs/. Scripts/test-examples.sh builds and tests it.
let package = Package(
    name: "ForecastServer",
    platforms: [.macOS(.v14)],   // Hummingbird 2's floor
    products: [
        .executable(name: "forecast-server", targets: ["ForecastServer"]),
    ],
    dependencies: [
        // Relay from this repository. `name:` is needed because a path dependency is
        // otherwise known by its folder's name.
        .package(name: "Relay", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
    ],
    targets: [
        .executableTarget(name: "ForecastServer", dependencies: [
            .product(name: "Relay", package: "Relay"),
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOFoundationCompat", package: "swift-nio"),
        ]),
        .testTarget(name: "ForecastServerTests", dependencies: [
            "ForecastServer",
            .product(name: "RelayTesting", package: "Relay"),
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOFoundationCompat", package: "swift-nio"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
