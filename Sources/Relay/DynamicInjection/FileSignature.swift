#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
import Foundation

/// What tells one version of a file from another without reading it: the device and inode
/// (a rename over the file gives another), the size, the permission bits and the
/// modification time — of the file a path leads to, through every symbolic link on the way.
///
/// It leaves out the status-change time on purpose: a rename sets it on the renamed file
/// after the rename, so a look taken between the two would see one version as two.
///
/// ```swift
/// let before = FileSignature(path: "/tmp/control.relay")
/// // … the file is written in place, replaced, removed …
/// let changed = FileSignature(path: "/tmp/control.relay") != before
/// ```
struct FileSignature: Hashable, Sendable {
    /// The fields, or `nil` when nothing is there (or it cannot be looked at).
    private let fields: Fields?

    private struct Fields: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64
        let size: UInt64
        let permissions: UInt64
        let modified: Date

        /// The fields of `attributes`, as `FileManager` gives them.
        init(_ attributes: [FileAttributeKey: Any]) {
            func number(_ key: FileAttributeKey) -> UInt64 { (attributes[key] as? NSNumber)?.uint64Value ?? 0 }
            device = number(.systemNumber)
            inode = number(.systemFileNumber)
            size = number(.size)
            permissions = number(.posixPermissions)
            modified = attributes[.modificationDate] as? Date ?? .distantPast
        }
    }

    /// The signature of nothing: what a missing file has.
    static let missing = FileSignature(fields: nil)

    /// Whether something was there.
    var exists: Bool { fields != nil }

    /// Whether this version may be one a writer is still in the middle of: an empty file
    /// (every write that truncates passes through one), or the same file as `earlier`
    /// (not replaced, so written in place). A version that replaced `earlier` through a
    /// rename was complete before it appeared.
    func mayBeHalfWritten(after earlier: FileSignature) -> Bool {
        guard let fields else { return false }
        guard let previous = earlier.fields else { return fields.size == 0 }
        return fields.size == 0 || (fields.device == previous.device && fields.inode == previous.inode)
    }

    private init(fields: Fields?) {
        self.fields = fields
    }

    /// The signature of the file at `path` now. Symbolic links are followed (at most
    /// ``linkLimit`` of them, as the system does), each time anew, so that a link that
    /// now points elsewhere gives the signature of its new target; a dangling link, a loop
    /// or a missing file is ``missing``.
    init(path: String) {
        let files = FileManager.default
        var path = path
        for _ in 0...Self.linkLimit {
            guard let attributes = try? files.attributesOfItem(atPath: path) else { break }
            guard attributes[.type] as? FileAttributeType == .typeSymbolicLink else {
                self.init(fields: Fields(attributes))
                return
            }
            guard let target = try? files.destinationOfSymbolicLink(atPath: path) else { break }
            path = target.hasPrefix("/") ? target : Self.folder(of: path) + target
        }
        self.init(fields: nil)
    }

    /// How many symbolic links are followed before a path counts as a loop.
    static let linkLimit = 40

    /// The folder holding `path`, ending with `/` (`./` for a bare name).
    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "./" }
        return String(path[...slash])
    }
}
#endif
