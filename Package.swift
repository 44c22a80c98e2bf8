// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Relay",
    // `Synchronization` (Mutex, Atomic) sets the floor; see docs/architecture.md, "Locking".
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Relay", targets: ["Relay"]),
    ],
    targets: [
        .target(name: "Relay"),
        .testTarget(name: "RelayTests", dependencies: ["Relay"]),
    ],
    swiftLanguageModes: [.v6]
)
