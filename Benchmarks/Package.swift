// swift-tools-version: 6.1
import PackageDescription

// A separate package so that the library's own build never depends on Swinject.
// Run: swift run -c release --package-path Benchmarks relay-bench
let package = Package(
    name: "RelayBenchmarks",
    // Relay's floor (see ../Package.swift).
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .executable(name: "relay-bench", targets: ["RelayBench"]),
    ],
    dependencies: [
        // Release builds of Relay carry dynamic injection only with this trait; the
        // benchmarks measure parsing and injection.
        .package(name: "Relay", path: "..", traits: ["DynamicInjectionInRelease"]),
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
    ],
    targets: [
        // Opaque sinks and clocks, in their own module and without cross-module
        // optimization, so the optimizer cannot see through them from the benchmark
        // bodies (not even their side effects).
        .target(name: "BenchSupport", dependencies: ["CBenchAtomics"], swiftSettings: [.unsafeFlags(["-disable-cmo"])]),
        // C11 atomics for BenchSupport's counters and start flags.
        .target(name: "CBenchAtomics"),
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
