// The system calls the tests make on paths and descriptors, behind Swift signatures: the
// strings' C conversions and the buffers' pointers stay here, in the tests' unsafe
// perimeter (Scripts/check-memory-safety.sh).

import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

enum POSIX {
    /// `rename(2)`: 0, or -1 with `errno` set.
    static func rename(_ source: String, _ destination: String) -> Int32 { Foundation.rename(source, destination) }

    /// `symlink(2)`: a link at `link` to `target`.
    static func symlink(_ target: String, _ link: String) -> Int32 { Foundation.symlink(target, link) }

    /// `mkfifo(3)`.
    static func mkfifo(_ path: String, _ mode: mode_t) -> Int32 { Foundation.mkfifo(path, mode) }

    /// `chown(2)`.
    static func chown(_ path: String, _ owner: uid_t, _ group: gid_t) -> Int32 { Foundation.chown(path, owner, group) }

    /// `pipe(2)`: the read and write ends, or `nil`.
    static func pipe() -> [Int32]? {
        var ends: [Int32] = [0, 0]
        return Foundation.pipe(&ends) == 0 ? ends : nil
    }

    /// One `write(2)` of `bytes`: how many were written, or -1.
    static func write(_ descriptor: Int32, _ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
    }

    /// A new temporary file made from `template` (ending in `XXXXXX`, `mkstemp(3)`), open for
    /// reading and writing and already unlinked; its descriptor, or -1.
    static func unlinkedTemporaryFile(template: String) -> Int32 {
        var path = Array(template.utf8CString)
        let descriptor = mkstemp(&path)
        if descriptor >= 0 { unlink(path) }
        return descriptor
    }

    /// Creates (or empties) the file at the path whose bytes are `pathBytes` — which need
    /// not be UTF-8 — for writing, with `mode`; its descriptor, or -1.
    static func create(pathBytes: [UInt8], mode: mode_t) -> Int32 {
        open(pathBytes.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT | O_TRUNC, mode)
    }
}
