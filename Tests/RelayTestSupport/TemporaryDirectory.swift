import Foundation

/// A fresh directory under the system's temporary directory, removed when the last
/// reference goes away (or earlier, with ``remove()``).
public final class TemporaryDirectory: Sendable {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("relay-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { remove() }

    /// The directory's path.
    public var path: String { url.path }

    /// The absolute path of `name` inside the directory.
    public func file(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// Writes `text` to `name` (intermediate directories created) with `permissions` set
    /// explicitly, so the result does not depend on the umask; returns the full path.
    @discardableResult
    public func write(_ name: String, _ text: String, permissions: Int = 0o644) throws -> String {
        try write(name, bytes: Array(text.utf8), permissions: permissions)
    }

    /// Writes raw bytes; see ``write(_:_:permissions:)``.
    @discardableResult
    public func write(_ name: String, bytes: [UInt8], permissions: Int = 0o644) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: file.path)
        return file.path
    }

    /// The bytes of `name`.
    public func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url.appendingPathComponent(name)))
    }

    /// The text of `name`.
    public func text(_ name: String) throws -> String {
        String(decoding: try bytes(name), as: UTF8.self)
    }

    /// The POSIX permissions of `name`.
    public func permissions(_ name: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.appendingPathComponent(name).path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    /// Removes the directory and everything in it now.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
