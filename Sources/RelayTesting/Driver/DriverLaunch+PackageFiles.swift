#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
#if os(macOS) || os(Linux)
import Foundation

extension DriverLaunch {
    /// Copies a file of the package that holds the calling test into ``files``, under the
    /// same relative path, so the program finds it in its working directory — where a
    /// checked-in fixture named as `-d @Fixtures/checkout.relay` is looked for.
    ///
    /// ```swift
    /// var launch = DriverLaunch(.product("my-server"), arguments: ["-d", "@Fixtures/checkout.relay", "--port", "0"])
    /// try launch.addPackageFile("Fixtures/checkout.relay")
    /// let server = try launch.start()
    /// ```
    ///
    /// The path is resolved against the package root — the nearest directory above
    /// `filePath` that holds `Package.swift` — not against the working directory of
    /// `swift test`, so it works wherever the tests run. The file is read now, as UTF-8
    /// text; the launch writes it (`rw-r--r--`) into the program's working directory when
    /// it runs, like every entry of ``files``.
    ///
    /// - Parameters:
    ///   - path: The file's path relative to the package root, such as
    ///     `Fixtures/checkout.relay`: not empty, not absolute, no `..`.
    ///   - filePath: The calling file; leave the default.
    /// - Throws: ``DriverLaunchError/invalidFilePath(_:)`` for a path that is not relative
    ///   inside the package; ``DriverLaunchError/packageFileNotFound(path:packageRoot:)``
    ///   when the package has no such file; the file system's error when it cannot be read
    ///   as UTF-8 text.
    public mutating func addPackageFile(_ path: String, filePath: StaticString = #filePath) throws {
        guard Self.isRelativeInside(path) else { throw DriverLaunchError.invalidFilePath(path) }
        let root = PackageRoot.above(URL(fileURLWithPath: "\(filePath)"))
        let url = root.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw DriverLaunchError.packageFileNotFound(path: path, packageRoot: root.path)
        }
        files[path] = try String(contentsOf: url, encoding: .utf8)
    }
}
#endif
#endif
