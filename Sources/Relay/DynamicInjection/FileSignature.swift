#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
/// What tells one version of a file from another without reading it: the device and inode
/// (a rename over the file gives another), the size, the permission bits and the
/// modification time — of the file a path leads to, through every symbolic link on the way.
/// It also carries the status-change time, which says whether the version may still be
/// growing (``mayBeHalfWritten``), but leaves it out of equality on purpose: a rename sets
/// it on the renamed file after the rename, so a look taken between the two would see one
/// version as two.
///
/// `FileSignature(path:)` takes it with one `stat` (InstructionSources/RawInput); the
/// control file is given that look by the layer that makes it.
///
/// ```swift
/// let before = FileSignature(path: "/tmp/control.relay")
/// // … the file is written in place, replaced, removed …
/// let changed = FileSignature(path: "/tmp/control.relay") != before
/// ```
struct FileSignature: Hashable, Sendable {
    /// A file time as the file system keeps it: seconds and nanoseconds since 1970.
    struct Time: Hashable, Comparable, Sendable {
        let seconds: Int64
        let nanoseconds: Int64

        static func < (lhs: Time, rhs: Time) -> Bool {
            (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
        }
    }

    /// The fields that tell versions apart, or `nil` when nothing is there (or it cannot be
    /// looked at).
    private let fields: Fields?
    /// When the file's status last changed (`st_ctime`): not part of equality.
    private let statusChanged: Time?

    private struct Fields: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64
        let size: UInt64
        let permissions: UInt32
        let modified: Time
    }

    /// The signature of nothing: what a missing file has.
    static let missing = FileSignature(fields: nil, statusChanged: nil)

    /// The signature of a file with these attributes (`permissions`: the low 12 bits of
    /// its mode).
    init(device: UInt64, inode: UInt64, size: UInt64, permissions: UInt32, modified: Time, statusChanged: Time) {
        self.init(fields: Fields(device: device, inode: inode, size: size, permissions: permissions & 0o7777, modified: modified), statusChanged: statusChanged)
    }

    private init(fields: Fields?, statusChanged: Time?) {
        self.fields = fields
        self.statusChanged = statusChanged
    }

    /// Whether something was there.
    var exists: Bool { fields != nil }

    /// Whether this version may be one a writer is still in the middle of. Every write
    /// sets the modification time and the status-change time to the same moment, so a file
    /// being written — a new one (`{ echo a; sleep 1; echo b; } > file`), a new inode, or
    /// the same one truncated and written again — has the two equal. Renaming a finished
    /// file into place sets only its status-change time, later than its last write, as do
    /// `chmod` and setting the modification time back; such a version is complete. So a
    /// version may be half-written when it is empty (every write that truncates passes
    /// through one) or when its status has not changed since its last write. A rename
    /// within the file system's clock tick of the last write (a few milliseconds on Linux
    /// unless the time was asked for in between) cannot be told from a write, and counts as
    /// one.
    var mayBeHalfWritten: Bool {
        guard let fields else { return false }
        guard let statusChanged, fields.size > 0 else { return true }
        return statusChanged <= fields.modified
    }

    static func == (lhs: FileSignature, rhs: FileSignature) -> Bool {
        lhs.fields == rhs.fields
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(fields)
    }
}
#endif
