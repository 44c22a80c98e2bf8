// swift-tools-version: 6.0
import PackageDescription

// The README's tour as a package of its own: an app and its tests, written only from the
// README and docs/. Scripts/test-examples.sh builds and tests it.
let package = Package(
    name: "MyApp",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "my-app", targets: ["MyApp"]),
    ],
    dependencies: [
        // Relay from this repository. `name:` is needed because a path dependency is
        // otherwise known by its folder's name.
        .package(name: "Relay", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "MyApp", dependencies: [.product(name: "Relay", package: "Relay")]),
        .testTarget(name: "MyAppTests", dependencies: ["MyApp", .product(name: "RelayTesting", package: "Relay")]),
    ],
    swiftLanguageModes: [.v6]
)
