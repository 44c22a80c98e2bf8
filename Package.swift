// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Relay",
    // `Synchronization` (Mutex, Atomic) sets the floor; see docs/architecture.md, "Locking".
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Relay", targets: ["Relay"]),
        .library(name: "RelayTesting", targets: ["RelayTesting"]),
    ],
    targets: [
        .target(name: "Relay"),
        // Swift Testing support (the `.injecting(...)` trait); depends only on Relay and
        // the toolchain's Testing module.
        .target(name: "RelayTesting", dependencies: ["Relay"]),

        .testTarget(name: "RelayTests", dependencies: ["Relay"]),
        .testTarget(name: "RelayTestingTests", dependencies: ["Relay", "RelayTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
