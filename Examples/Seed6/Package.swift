// swift-tools-version: 6.0
// Relay 0.3.2-style app code in the Swift 6 language mode (the same file as Seed5:
// Sources/SeedApp links to ../../Seed5/Sources/SeedApp), compiled against this
// repository's Relay. Scripts/check-seed-fixtures.sh builds and runs it.
import PackageDescription

let package = Package(
    name: "Seed6",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    dependencies: [
        .package(name: "Relay", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "SeedApp", dependencies: [.product(name: "Relay", package: "Relay")]),
    ],
    swiftLanguageModes: [.v6]
)
