// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Relay",
    // `Synchronization` (Mutex, Atomic) sets the floor; see docs/architecture.md, "Locking".
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
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
