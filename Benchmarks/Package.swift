// swift-tools-version: 6.0
import PackageDescription

// A separate package so that the library's own build never depends on Swinject.
// Run: swift run -c release --package-path Benchmarks relay-bench
let package = Package(
    name: "RelayBenchmarks",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .executable(name: "relay-bench", targets: ["RelayBench"]),
    ],
    dependencies: [
        .package(name: "Relay", path: ".."),
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
    ],
    targets: [
        // Opaque sinks and clocks, in their own module and without cross-module
        // optimization, so the optimizer cannot see through them from the benchmark
        // bodies (not even their side effects).
        .target(name: "BenchSupport", swiftSettings: [.unsafeFlags(["-disable-cmo"])]),
        .executableTarget(
            name: "RelayBench",
            dependencies: [
                "BenchSupport",
                .product(name: "Relay", package: "Relay"),
                .product(name: "Swinject", package: "Swinject"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
