// Raw output: a file replaced whole, for what a release build writes without Foundation.

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Replaces a file's contents atomically: the text is written to a new file beside it,
/// which is then renamed over it, so that a reader sees the old file or the whole new one,
/// never part of either. Used where a release build writes a file (the off report for
/// `RELAY_REPORT_PATH`), so that it links no Foundation.
package enum FileReplacement {
    /// Writes `text` (as UTF-8) to the file at `path`, relative to the working directory
    /// unless it starts with `/`; returns whether the whole file was written and renamed
    /// into place. On failure the file at `path` is untouched and the new file is removed.
    /// The file is made readable and writable by everyone the umask allows, as Foundation's
    /// atomic writes make it.
    package static func replace(_ path: String, with text: String) -> Bool {
        let temporary = "\(path).relay-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return false }
        var text = text
        let written = text.withUTF8 { writeAll($0, to: descriptor) }
        let closed = close(descriptor) == 0
        guard written, closed, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}

/// Writes all of `bytes`, retrying short writes and interrupted calls.
private func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if count > 0 {
            offset += count
        } else if count < 0 && errno == EINTR {
            continue
        } else {
            return false
        }
    }
    return true
}
