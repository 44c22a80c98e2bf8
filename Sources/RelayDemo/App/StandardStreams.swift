import Foundation

/// Writes whole texts to standard output and standard error, unbuffered, so nothing is
/// lost or reordered when the process exits right after.
enum StandardStreams {
    /// Writes `lines` to standard output, each followed by a line feed.
    static func out(_ lines: [String]) {
        write(lines, to: .standardOutput)
    }

    /// Writes `lines` to standard error, each followed by a line feed.
    static func error(_ lines: [String]) {
        write(lines, to: .standardError)
    }

    private static func write(_ lines: [String], to handle: FileHandle) {
        guard !lines.isEmpty else { return }
        handle.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}
