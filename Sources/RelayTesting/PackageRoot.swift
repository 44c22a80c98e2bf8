#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
import Foundation

/// The package a test's source file belongs to, found from the file's path (`#filePath`),
/// so that a test names the package's files the same way wherever `swift test` runs.
enum PackageRoot {
    /// The nearest directory above `file` that holds `Package.swift`, or `file`'s directory
    /// when there is none.
    static func above(_ file: URL) -> URL {
        var directory = file.deletingLastPathComponent()
        while directory.path != "/" && !directory.path.isEmpty {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory
            }
            directory.deleteLastPathComponent()
        }
        return file.deletingLastPathComponent()
    }
}
#endif
