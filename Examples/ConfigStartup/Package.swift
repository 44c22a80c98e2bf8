// swift-tools-version: 6.1
import PackageDescription

// docs/server-cli-testing.md, "swift-configuration's command line", as a package: a server's
// start-up that reads its settings through swift-configuration's command-line provider
// after Relay took its -d words out. Scripts/test-examples.sh builds and tests it.
let package = Package(
    name: "ConfigStartup",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "config-startup", targets: ["ConfigStartup"]),
    ],
    dependencies: [
        .package(name: "Relay", path: "../.."),
        .package(url: "https://github.com/apple/swift-configuration", exact: "1.4.0", traits: ["CommandLineArguments"]),
    ],
    targets: [
        .executableTarget(
            name: "ConfigStartup",
            dependencies: [
                .product(name: "Relay", package: "Relay"),
                .product(name: "Configuration", package: "swift-configuration"),
            ]
        ),
        .testTarget(
            name: "ConfigStartupTests",
            dependencies: ["ConfigStartup", .product(name: "RelayTesting", package: "Relay")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
