// swift-tools-version: 6.1
import PackageDescription

/// Where dynamic injection's machinery — the instruction parser, the sources (command
/// line, environment, `.relay` files, standard input), the control file, the JSON report
/// and manifest — is compiled: in every debug build, and in a release build only with the
/// `DynamicInjectionInRelease` trait. A release build without it carries the container and
/// the index's defaults alone, and cannot be steered by anything a driver passes
/// (docs/architecture.md, "What a release build carries").
let drivable: [SwiftSetting] = [
    .define("RELAY_DRIVABLE", .when(configuration: .debug)),
    .define("RELAY_DRIVABLE", .when(traits: ["DynamicInjectionInRelease"])),
]

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
    traits: [
        .trait(
            name: "DynamicInjectionInRelease",
            description: "Keeps dynamic injection (-d, RELAY_DEPENDENCIES, .relay files, standard input, the control file) in release builds, for a staging build that UI or integration tests drive. Debug builds always have it; never enable it for a build you ship."
        ),
    ],
    targets: [
        // `import Relay`: everything below, re-exported, plus dynamic injection — the
        // instruction language, its sources, the index and registry, overrides, the 0.3
        // command-line and launch-argument API.
        .target(name: "Relay", dependencies: ["RelayContainer", "RelayInstructions"], swiftSettings: drivable),
        // The instruction language: keys, instructions, origins, diagnostics, and — with
        // dynamic injection — its parser and formatter. Uses the container core only.
        .target(name: "RelayInstructions", dependencies: ["RelayContainer"], swiftSettings: drivable),
        // The container core: containers, lifecycles, registries, `@Injected`, validation
        // and bootstrap. It knows nothing of instructions, indexes or drivers (the module
        // wall is the layer rule). Apps reach it through `import Relay`. Of the machinery's
        // condition it knows one thing: the engine's batch entry point, which only the
        // machinery calls, is compiled with it.
        .target(name: "RelayContainer", dependencies: ["CRelayAtomics", "CRelayThreads"], swiftSettings: drivable),
        // C11 atomics for the container's resolve path (`AtomicWord`); internal, not a
        // product.
        .target(name: "CRelayAtomics"),
        // Facts about the calling thread that Swift cannot ask directly: is it the main
        // thread (main-actor registrations), where does its stack end (the depth guard).
        .target(name: "CRelayThreads"),
        // Swift Testing support (the `.injecting(...)` trait); depends only on Relay and
        // the toolchain's Testing module.
        .target(name: "RelayTesting", dependencies: ["Relay"], swiftSettings: drivable),
        // The demo app the README runs first.
        .executableTarget(name: "RelayDemo", dependencies: ["Relay"], resources: [.copy("Resources/recipes.json")]),
        // A tiny program RelayTestingTests launch to test `RunningProgram`: prints, writes a
        // port file, injects, ignores SIGTERM, runs forever. Not a product.
        .executableTarget(name: "RelayTestingFixture", dependencies: ["Relay"]),
        // The `relay` command-line checker: a thin main over a testable core.
        .target(name: "RelayToolCore", dependencies: ["Relay"], swiftSettings: drivable),
        .executableTarget(name: "RelayTool", dependencies: ["RelayToolCore"], swiftSettings: drivable),

        // What every test target shares: a locked box and temporary directories.
        .target(name: "RelayTestSupport", path: "Tests/RelayTestSupport"),
        .testTarget(name: "RelayTests", dependencies: ["Relay", "RelayTestSupport"]),
        // Also launches the built relay-demo, to test the driver helpers.
        // Relay 0.3.2 code in the Swift 5 language mode, one test per seed call shape.
        .testTarget(name: "RelayCompatibilityTests", dependencies: ["Relay"], swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "RelayTestingTests", dependencies: ["Relay", "RelayTesting", "RelayDemo", "RelayTestingFixture", "RelayTestSupport"]),
        // Launches the built relay-demo as a subprocess, as a UI test would launch an app.
        .testTarget(name: "RelayDriverTests", dependencies: ["Relay", "RelayTesting", "RelayDemo"]),
        .testTarget(name: "RelayToolTests", dependencies: ["Relay", "RelayTesting", "RelayToolCore", "RelayTool", "RelayTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
