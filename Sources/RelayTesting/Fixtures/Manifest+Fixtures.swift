#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
import Foundation
import Relay

extension DynamicDependencyIndex.Manifest {
    /// Checks every checked-in `.relay` fixture against these keys, in one call: each file
    /// is read exactly as an app reads it, and every instruction's type and factory keys
    /// are looked up as the app would look them up.
    ///
    /// ```swift
    /// @Test func fixturesUseKnownKeys() throws {
    ///     try DynamicDependencyIndex.myApp.manifest().checkFixtures(in: "UITests/Fixtures", "config")
    /// }
    /// ```
    ///
    /// Take the manifest of the live index (`index.manifest()`, which fills an index that
    /// fills itself first), or one an app exported (`Manifest(contentsOf:)`).
    ///
    /// - Parameters:
    ///   - directories: Directories holding `.relay` files; each file directly inside is
    ///     checked (subdirectories are not searched, so a folder of deliberately broken
    ///     fixtures can sit below). A relative path is resolved against the package root:
    ///     the nearest directory above `filePath` that holds `Package.swift` (or else
    ///     `filePath`'s own directory). Messages show paths as written here.
    ///   - filePath: The calling file; leave the default.
    /// - Returns: The files checked, as shown in messages (`config/ui.relay`), sorted.
    /// - Throws: `DynamicInjectionError` with every problem in every file at once: what
    ///   the app would report reading it (syntax, headers, duplicates, file safety), unknown
    ///   keys with "did you mean", factories for another type — and a directory that does
    ///   not exist, or directories that hold no `.relay` file at all (so a moved folder
    ///   cannot make the check pass by checking nothing).
    @discardableResult
    public func checkFixtures(in directories: String..., filePath: StaticString = #filePath) throws(DynamicInjectionError) -> [String] {
        let root = PackageRoot.above(URL(fileURLWithPath: "\(filePath)"))
        var diagnostics: [RelayDiagnostic] = []
        var checked: [String] = []
        for directory in directories {
            let url = directory.hasPrefix("/") ? URL(fileURLWithPath: directory, isDirectory: true) : root.appendingPathComponent(directory, isDirectory: true)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else {
                diagnostics.append(.error("no such directory (looked in \(url.path)); name a directory of .relay fixtures, relative to the package root", at: .custom(source: directory, line: nil, column: nil)))
                continue
            }
            let prefix = directory.hasSuffix("/") ? directory : directory + "/"
            for name in names.sorted() where name.hasSuffix(".relay") {
                guard (try? url.appendingPathComponent(name).resolvingSymlinksInPath().resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
                let path = prefix + name
                checked.append(path)
                let source = ConfigFileInstructionSource(path: path, isRequired: true, workingDirectory: root.path)
                let registry = DynamicDependencyRegistry(index: DynamicDependencyIndex(), sources: [source], policy: .enabled)
                do {
                    _ = try registry.plan(against: self)
                } catch {
                    diagnostics += error.diagnostics
                }
            }
        }
        if checked.isEmpty && diagnostics.isEmpty {
            diagnostics.append(.error("no .relay file in \(directories.joined(separator: ", ")); fixtures are the files ending in .relay directly inside these directories", at: .custom(source: directories.first ?? "checkFixtures", line: nil, column: nil)))
        }
        guard diagnostics.isEmpty else { throw DynamicInjectionError(diagnostics: diagnostics) }
        return checked.sorted()
    }
}
#endif
