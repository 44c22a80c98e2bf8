// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Relay",
    // The Swift concurrency back-deployment floor (Relay uses task-locals), which is also
    // Swift Testing's floor, so RelayTesting needs no `@available` of its own. Nothing
    // newer may be used unguarded; see docs/architecture.md, "Choice of primitives and
    // platforms".
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .library(name: "Relay", targets: ["Relay"]),
        .library(name: "RelayTesting", targets: ["RelayTesting"]),
        .executable(name: "relay-demo", targets: ["RelayDemo"]),
        .executable(name: "relay", targets: ["RelayTool"]),
    ],
    targets: [
        .target(name: "Relay", dependencies: ["CRelayAtomics"]),
        // C11 atomics for Relay's resolve path (`AtomicWord`); internal to Relay, not a
        // product.
        .target(name: "CRelayAtomics"),
        // Swift Testing support (the `.injecting(...)` trait); depends only on Relay and
        // the toolchain's Testing module.
        .target(name: "RelayTesting", dependencies: ["Relay"]),
        // The demo app the README runs first.
        .executableTarget(name: "RelayDemo", dependencies: ["Relay"], resources: [.copy("Resources/recipes.json")]),
        // The `relay` command-line checker: a thin main over a testable core.
        .target(name: "RelayToolCore", dependencies: ["Relay"]),
        .executableTarget(name: "RelayTool", dependencies: ["RelayToolCore"]),

        .testTarget(name: "RelayTests", dependencies: ["Relay"]),
        .testTarget(name: "RelayTestingTests", dependencies: ["Relay", "RelayTesting"]),
        // Launches the built relay-demo as a subprocess, as a UI test would launch an app.
        .testTarget(name: "RelayDriverTests", dependencies: ["Relay", "RelayDemo"]),
        .testTarget(name: "RelayToolTests", dependencies: ["Relay", "RelayToolCore", "RelayTool"]),
    ],
    swiftLanguageModes: [.v6]
)
