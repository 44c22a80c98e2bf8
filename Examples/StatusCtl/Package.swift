// swift-tools-version: 6.0
import PackageDescription

// docs/server-cli-testing.md's `statusctl`, as a package of its own: the page shows its
// files verbatim (Tests/RelayTests/ServerDocsExampleTests.swift checks that), and
// Scripts/test-examples.sh builds and tests it. The page's manifest depends on Relay by
// URL; this one by path, so that it tests this repository's Relay.
let package = Package(
    name: "StatusCtl",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "statusctl", targets: ["StatusCtl"]),
    ],
    dependencies: [
        .package(name: "Relay", path: "../.."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The keys both sides use: the program indexes its stubs under them, the tests
        // name them in instructions.
        .target(name: "StatusKeys", dependencies: [.product(name: "Relay", package: "Relay")]),
        .executableTarget(name: "StatusCtl", dependencies: [
            "StatusKeys",
            .product(name: "Relay", package: "Relay"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Depending on StatusCtl makes `swift test` build the statusctl executable first.
        .testTarget(name: "StatusCtlDriverTests", dependencies: [
            "StatusCtl",
            "StatusKeys",
            .product(name: "Relay", package: "Relay"),
            .product(name: "RelayTesting", package: "Relay"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
