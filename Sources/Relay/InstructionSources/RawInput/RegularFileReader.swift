#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads a file only if it is safe to take instructions from: it exists, is a regular
/// file (after following symbolic links), is not writable by others, and is no larger
/// than the limit. The checks run before any content is read; devices and FIFOs are
/// never opened.
enum RegularFileReader {
    /// Why a file was not read.
    enum Failure: Error, Hashable, Sendable {
        /// Nothing exists at the path (or a directory on the way is missing).
        case notFound
        /// The path names a directory.
        case directory
        /// The path names something other than a regular file or directory.
        case notRegular(kind: String)
        /// Every user may write the file (`S_IWOTH`).
        case worldWritable
        /// The file is owned by a user other than the current one or root.
        case foreignOwner(uid: UInt32)
        /// A folder on the file's path could let someone else replace the file: owned by
        /// another user, or writable by every user without the sticky bit.
        case untrustedFolder(path: String, ownerUID: UInt32?)
        /// The file is larger than the limit.
        case tooLarge(size: Int)
        /// `stat` or `open` failed for another reason.
        case cannotOpen(SystemCallError)
        /// `read` failed.
        case cannotRead(SystemCallError)
        /// The path named a different file when opened than when checked.
        case changed
    }

    /// A failed POSIX call, described by the C library's message for its `errno`.
    struct SystemCallError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The `errno` value the call left behind.
        let code: Int32

        /// Captures the current `errno`.
        init(code: Int32 = errno) {
            self.code = code
        }

        /// The C library's text for ``code``, e.g. `Permission denied`.
        var description: String {
            String(cString: strerror(code))
        }
    }

    private static let typeMask: UInt32 = 0o170_000
    private static let regularType: UInt32 = 0o100_000
    private static let directoryType: UInt32 = 0o040_000
    private static let othersWrite: UInt32 = 0o002

    /// Checks and reads the file at `path`, returning at most `maxBytes + 1` bytes (more
    /// than `maxBytes` only if the file grew after the size check).
    static func load(atPath path: String, maxBytes: Int) -> Result<[UInt8], Failure> {
        load(atPath: Array(path.utf8CString), maxBytes: maxBytes)
    }

    /// ``load(atPath:maxBytes:)-(String,_)`` for a path given as the bytes the file system
    /// uses (NUL-terminated), which need not be UTF-8.
    static func load(atPath path: [CChar], maxBytes: Int) -> Result<[UInt8], Failure> {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let error = SystemCallError()
            return .failure(error.code == ENOENT || error.code == ENOTDIR ? .notFound : .cannotOpen(error))
        }
        if let failure = check(info, maxBytes: maxBytes) { return .failure(failure) }

        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let error = SystemCallError()
            return .failure(error.code == ENOENT ? .notFound : .cannotOpen(error))
        }
        defer { _ = close(descriptor) }

        var opened = stat()
        guard fstat(descriptor, &opened) == 0 else { return .failure(.cannotOpen(SystemCallError())) }
        guard opened.st_dev == info.st_dev, opened.st_ino == info.st_ino else { return .failure(.changed) }
        if let failure = check(opened, maxBytes: maxBytes) { return .failure(failure) }
        if let failure = checkTrust(owner: opened.st_uid, path: path) { return .failure(failure) }

        return readAll(descriptor, upTo: min(max(0, maxBytes), Int.max - 1) + 1).mapError { .cannotRead($0) }
    }

    /// Reads from `descriptor` until end of file or until `limit` bytes arrived,
    /// retrying interrupted reads.
    static func readAll(_ descriptor: Int32, upTo limit: Int) -> Result<[UInt8], SystemCallError> {
        let wanted = max(0, limit)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: max(1, min(wanted, 65_536)))
        while bytes.count < wanted {
            let request = min(chunk.count, wanted - bytes.count)
            let count = chunk.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress, request)
            }
            if count < 0 {
                let error = SystemCallError()
                if error.code == EINTR { continue }
                return .failure(error)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return .success(bytes)
    }

    /// The first check `info` fails, if any.
    private static func check(_ info: stat, maxBytes: Int) -> Failure? {
        let mode = UInt32(info.st_mode)
        switch mode & typeMask {
        case regularType: break
        case directoryType: return .directory
        default: return .notRegular(kind: kindName(mode & typeMask))
        }
        if mode & othersWrite != 0 { return .worldWritable }
        if info.st_size > maxBytes { return .tooLarge(size: Int(info.st_size)) }
        return nil
    }

    /// The rule sshd applies to its files: the file and every folder on its real path (links
    /// resolved), up to `/`, must be owned by the current user or root, and no folder may
    /// be writable by every user unless it is sticky (like `/tmp`) — otherwise someone else
    /// could replace the file between runs.
    private static func checkTrust(owner: uid_t, path: [CChar]) -> Failure? {
        let me = geteuid()
        func trusted(_ uid: uid_t) -> Bool { uid == me || uid == 0 }
        guard trusted(owner) else { return .foreignOwner(uid: UInt32(owner)) }
        guard let resolved = realpath(path, nil) else { return nil }
        var folder = String(cString: resolved)
        free(resolved)
        while let slash = folder.lastIndex(of: "/") {
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
            var info = stat()
            guard stat(folder, &info) == 0 else { return nil }
            let mode = UInt32(info.st_mode)
            if !trusted(info.st_uid) { return .untrustedFolder(path: folder, ownerUID: UInt32(info.st_uid)) }
            if mode & othersWrite != 0, mode & stickyBit == 0 { return .untrustedFolder(path: folder, ownerUID: nil) }
            if folder == "/" { return nil }
        }
        return nil
    }

    private static let stickyBit: UInt32 = 0o1000

    /// A readable name for a non-regular file type.
    private static func kindName(_ type: UInt32) -> String {
        switch type {
        case 0o010_000: "a FIFO"
        case 0o020_000: "a character device"
        case 0o060_000: "a block device"
        case 0o140_000: "a socket"
        default: "not a regular file"
        }
    }
}
#endif
