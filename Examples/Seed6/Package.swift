// swift-tools-version: 6.1
// Relay 0.3.2-style app code in the Swift 6 language mode (the same file as Seed5:
// Sources/SeedApp links to ../../Seed5/Sources/SeedApp), compiled against this
// repository's Relay. Scripts/check-seed-fixtures.sh builds and runs it.
import PackageDescription

// Scripts/check-seed-fixtures.sh builds it twice in release: with Relay's
// DynamicInjectionInRelease trait (SEED_RELEASE_INJECTION=1), where -d is honoured as
// 0.3.2 did, and without, where a release build reads no instruction.
let relayTraits: Set<Package.Dependency.Trait> = Context.environment["SEED_RELEASE_INJECTION"] == "1" ? ["DynamicInjectionInRelease"] : []

let package = Package(
    name: "Seed6",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    dependencies: [
        .package(name: "Relay", path: "../..", traits: relayTraits),
    ],
    targets: [
        .executableTarget(name: "SeedApp", dependencies: [.product(name: "Relay", package: "Relay")]),
    ],
    swiftLanguageModes: [.v6]
)
