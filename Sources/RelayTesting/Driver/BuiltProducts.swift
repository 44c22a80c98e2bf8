#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
#if os(macOS) || os(Linux)
import Foundation

/// Finds executables built by the same `swift build` or `swift test` as the running tests.
///
/// SwiftPM puts every product of a package in one products directory, such as
/// `.build/debug` (a link to `.build/<triple>/debug`). The test bundle is built there too,
/// so the products are found next to it:
///
/// - On Linux the test runner is the test bundle itself, an executable named
///   `<Package>PackageTests.xctest` in the products directory.
/// - On macOS the tests run in a helper process that loads the
///   `<Package>PackageTests.xctest` bundle; the products directory is the bundle's parent.
///
/// When the `RELAY_PRODUCTS_DIR` environment variable (``directoryVariable``) is set and
/// not empty, that directory is searched instead, and only it — for products built
/// elsewhere, or test runners laid out differently.
///
/// A test target that depends on an executable's target makes `swift test` build the
/// executable first — in Package.swift,
/// `.testTarget(name: "MyAppDriverTests", dependencies: ["MyApp", .product(name: "RelayTesting", package: "Relay")])`
/// — and a test then finds it:
///
/// ```swift
/// let url = try BuiltProducts.url(of: "my-app")
/// ```
///
/// ``DriverLaunch`` does this itself for ``DriverLaunch/Program/product(_:)``.
public enum BuiltProducts {
    /// `RELAY_PRODUCTS_DIR`: names the directory to search instead of the one found next
    /// to the tests. A relative path is resolved against the test process's working
    /// directory.
    public static let directoryVariable = "RELAY_PRODUCTS_DIR"

    /// The location of the executable product `name`.
    ///
    /// - Parameter name: The product's name as declared in `Package.swift`, e.g.
    ///   `relay-demo` for `.executable(name: "relay-demo", targets: ["RelayDemo"])`.
    /// - Throws: ``DriverLaunchError/productNotFound(name:searched:)`` when no searched
    ///   directory holds an executable file of that name; its message lists the
    ///   directories and says how to build the product.
    public static func url(of name: String) throws -> URL {
        try url(of: name, environment: ProcessInfo.processInfo.environment)
    }

    /// ``url(of:)`` with the environment given, so tests can exercise
    /// ``directoryVariable``.
    static func url(of name: String, environment: [String: String]) throws -> URL {
        let directories = searchedDirectories(environment: environment)
        for directory in directories {
            let candidate = directory.appendingPathComponent(name)
            if (try? candidate.resolvingSymlinksInPath().resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true,
               FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        throw DriverLaunchError.productNotFound(name: name, searched: directories.map(\.path))
    }

    /// The directories to search, most likely first, without duplicates.
    static func searchedDirectories(environment: [String: String]) -> [URL] {
        if let override = environment[directoryVariable], !override.isEmpty {
            return [URL(fileURLWithPath: override, isDirectory: true).standardizedFileURL]
        }
        var directories: [URL] = []
        #if os(macOS)
        // The image that holds this code: RelayTesting is linked into the test bundle,
        // whichever process loaded it (xctest, or swiftpm-testing-helper for Swift Testing).
        if let image = LoadedImage.path() { directories.append(productsDirectory(containing: image)) }
        #endif
        // Bundles loaded through Foundation (XCTest on macOS loads the .xctest bundle so).
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        #if !os(macOS)
        // On Linux the runner is the test bundle: its directory is the products directory.
        // (On macOS the runner is a tool inside the toolchain, never the products directory.)
        if let executable = Bundle.main.executableURL {
            directories.append(productsDirectory(containing: executable.path))
        }
        #endif
        var unique: [URL] = []
        for directory in directories.map(\.standardizedFileURL) where !unique.contains(directory) {
            unique.append(directory)
        }
        return unique
    }

    /// The directory that holds the outermost `.xctest` bundle in `path`
    /// (`…/debug/X.xctest/Contents/MacOS/X` → `…/debug`), or else `path`'s directory.
    static func productsDirectory(containing path: String) -> URL {
        var url = URL(fileURLWithPath: path)
        let components = url.pathComponents
        if let bundle = components.firstIndex(where: { $0.hasSuffix(".xctest") }) {
            url = URL(fileURLWithPath: NSString.path(withComponents: Array(components[..<bundle])), isDirectory: true)
            return url
        }
        return url.deletingLastPathComponent()
    }
}
#endif
#endif
