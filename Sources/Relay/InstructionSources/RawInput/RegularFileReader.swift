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

        let limit = min(max(0, maxBytes), Int.max - 1) + 1
        return readAll(descriptor, upTo: limit, expectedSize: Int(opened.st_size)).mapError { .cannotRead($0) }
    }

    /// Reads from `descriptor` until end of file or until `limit` bytes arrived,
    /// retrying interrupted reads.
    ///
    /// `expectedSize` is what the caller knows of the size (a regular file's `st_size`),
    /// or 0: the first buffer holds that many bytes and one more, so a file that did not
    /// change is read into one allocation, its end seen by a second `read` that returns 0.
    /// Bytes go straight into the result's uninitialised storage (nothing is zero-filled
    /// or copied from a chunk); a source longer than the buffer doubles it.
    static func readAll(_ descriptor: Int32, upTo limit: Int, expectedSize: Int = 0) -> Result<[UInt8], SystemCallError> {
        let wanted = max(0, limit)
        var capacity = min(wanted, expectedSize > 0 ? min(expectedSize, Int.max - 1) + 1 : unknownSizeCapacity)
        var bytes: [UInt8] = []
        while true {
            var failure: SystemCallError?
            var reachedEnd = false
            let earlier = bytes
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                count = earlier.withUnsafeBufferPointer { buffer.initialize(from: $0).1 }
                while count < capacity {
                    let received = read(descriptor, buffer.baseAddress! + count, capacity - count)
                    if received < 0 {
                        let error = SystemCallError()
                        if error.code == EINTR { continue }
                        failure = error
                        return
                    }
                    if received == 0 {
                        reachedEnd = true
                        return
                    }
                    count += received
                }
            }
            if let failure { return .failure(failure) }
            if reachedEnd || bytes.count >= wanted { return .success(bytes) }
            capacity = capacity > wanted / 2 ? wanted : capacity * 2
        }
    }

    /// The first buffer of a read whose size is not known beforehand (standard input).
    private static let unknownSizeCapacity = 65_536

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
        // The folders are walked as the path's bytes: cutting a `String` at every `/`
        // goes `Character` by `Character`, which costs more than the `stat` calls.
        var folder = Array(UnsafeBufferPointer(start: resolved, count: strlen(resolved)))
        free(resolved)
        let separator = CChar(bitPattern: UInt8(ascii: "/"))
        while let slash = folder.lastIndex(of: separator) {
            folder.removeSubrange(max(slash, 1)...)
            var info = stat()
            folder.append(0)
            let status = stat(folder, &info)
            folder.removeLast()
            guard status == 0 else { return nil }
            let mode = UInt32(info.st_mode)
            func named() -> String { String(decoding: folder.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
            if !trusted(info.st_uid) { return .untrustedFolder(path: named(), ownerUID: UInt32(info.st_uid)) }
            if mode & othersWrite != 0, mode & stickyBit == 0 { return .untrustedFolder(path: named(), ownerUID: nil) }
            if folder.count == 1 { return nil }
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
