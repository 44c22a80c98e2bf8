// swift-tools-version: 6.0
// A tiny program that runs deep chains of nested resolves on small thread stacks and
// reports what each did. Scripts/check-static-executable.sh builds it as a fully static
// executable (`-static-executable`) against this repository's Relay and checks that
// every chain ends in a `DependencyResolutionError`, not a crash.
import PackageDescription

let package = Package(
    name: "StaticStackGuard",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    dependencies: [
        .package(name: "Relay", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "StackGuardCheck", dependencies: [.product(name: "Relay", package: "Relay")]),
    ],
    swiftLanguageModes: [.v6]
)
