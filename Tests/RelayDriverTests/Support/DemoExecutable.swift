import Foundation

/// Finds the `relay-demo` executable that SwiftPM built next to the test bundle.
///
/// The driver tests build nothing by hand: `RelayDriverTests` depends on `RelayDemo`, so
/// `swift build --build-tests` (and `swift test`) links `relay-demo` into the same
/// products directory as the tests.
enum DemoExecutable {
    /// The executable's name, as declared by the `relay-demo` product.
    static let name = "relay-demo"

    /// Why the executable could not be found.
    struct NotFound: Error, CustomStringConvertible {
        /// The directories searched.
        var searched: [String]

        var description: String {
            "\(DemoExecutable.name) was not found next to the tests (searched: \(searched.joined(separator: ", "))); build it with swift build --build-tests"
        }
    }

    /// The executable's location.
    ///
    /// - Throws: ``NotFound`` when no products directory holds it.
    static func url() throws -> URL {
        let directories = candidateDirectories()
        for directory in directories {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw NotFound(searched: directories.map(\.path))
    }

    /// The products directories to search, most likely first.
    ///
    /// On Linux the test runner is itself the `.xctest` executable, so `Bundle.main`'s
    /// bundle URL is the products directory (`.build/debug`). On macOS the tests run in a
    /// helper process that loads the `.xctest` bundle: walk up from that bundle instead.
    private static func candidateDirectories() -> [URL] {
        var directories: [URL] = []
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        directories.append(Bundle.main.bundleURL)
        if let executable = Bundle.main.executableURL {
            directories.append(executable.deletingLastPathComponent())
        }
        var unique: [URL] = []
        for directory in directories where !unique.contains(directory.standardizedFileURL) {
            unique.append(directory.standardizedFileURL)
        }
        return unique
    }
}
