#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
import Foundation

/// Replaces a file's contents atomically, keeping its permissions and writing through a
/// symbolic link to its target rather than replacing the link.
enum FileReplacer {
    /// Writes `bytes` to a temporary file next to the target of `path`, gives it the
    /// target's permissions and renames it over the target.
    static func replaceContents(ofFileAt path: String, with bytes: [UInt8]) throws {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let attributes = try FileManager.default.attributesOfItem(atPath: target.path)
        try Data(bytes).write(to: target, options: .atomic)
        if let permissions = attributes[.posixPermissions] {
            try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: target.path)
        }
    }
}
#endif
