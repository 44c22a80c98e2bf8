import Foundation

/// The package's `config/` fixtures, located from this source file's path.
enum PackageFixtures {
    /// The package root: the nearest directory above this file that holds `Package.swift`.
    static let root: URL = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory
            }
            directory.deleteLastPathComponent()
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// `config/<name>` in the package.
    static func config(_ name: String) -> URL {
        root.appendingPathComponent("config").appendingPathComponent(name)
    }

    /// The text of `config/<name>`.
    static func configText(_ name: String) throws -> String {
        try String(contentsOf: config(name), encoding: .utf8)
    }
}
