#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
import Foundation

/// Reads instructions from a `.relay` file.
///
/// ```swift
/// let source = ConfigFileInstructionSource(path: "UITests/checkout.relay")
/// let instructions = try source.readInstructions(context: InstructionReadContext())
/// ```
///
/// Before reading a byte, the source checks that the path exists, that it names a regular
/// file (symbolic links are followed and their target checked; directories, FIFOs,
/// devices and sockets are rejected without being opened), that the file is not
/// writable by other users, and that its size is within
/// ``InstructionSourceLimits/maxBytes``. The contents must be UTF-8 in the `.relay`
/// format described in docs/configuration.md. Origins are
/// ``InstructionOrigin/file(_:line:column:)`` with the path as given, so messages read
/// `UITests/checkout.relay:4:12: error: …`.
///
/// Use ``standard(environment:workingDirectory:)`` for the file a program picks up by
/// default (`$RELAY_DEPENDENCIES_FILE` or `./.relay`).
public struct ConfigFileInstructionSource: DependencyInstructionSource {
    /// The path as given; shown in every origin and message.
    public let path: String
    /// Whether a missing file is an error (`true`) or simply gives no instructions.
    public let isRequired: Bool
    /// The directory a relative ``path`` is resolved against, or `nil` for the process's
    /// current directory at the time of reading.
    public let workingDirectory: String?

    /// The path as given.
    public var name: String { path }

    /// Creates a source for the file at `path`.
    ///
    /// - Parameters:
    ///   - path: An absolute path, or a path relative to `workingDirectory`.
    ///   - isRequired: When `true` (the default) a missing file is an error; when `false`
    ///     it gives no instructions. Every other problem is an error either way.
    ///   - workingDirectory: The directory relative paths are resolved against; `nil`
    ///     (the default) means the process's current directory when the file is read.
    public init(path: String, isRequired: Bool = true, workingDirectory: String? = nil) {
        self.path = path
        self.isRequired = isRequired
        self.workingDirectory = workingDirectory
    }

    /// Reads and parses the file.
    ///
    /// - Returns: The file's instructions in line order; none if the file does not exist
    ///   and ``isRequired`` is `false`.
    /// - Throws: ``DynamicInjectionError`` when the file is missing and required, is not
    ///   a regular file, is writable by others (the message ends with
    ///   `— run: chmod o-w <path>`), cannot be opened or read, is larger than
    ///   ``InstructionSourceLimits/maxBytes``, is not valid UTF-8 or holds NUL bytes or
    ///   control characters (one error at the first bad byte); and otherwise with every
    ///   syntax error, header problem, instruction beyond
    ///   ``InstructionSourceLimits/maxInstructions`` and duplicate (scope, type, tag) in
    ///   the file.
    public func readInstructions(context: InstructionReadContext) throws -> [LocatedInstruction] {
        try InstructionSourceParsing.finish(read(limits: context.limits))
    }

    /// The path's bytes when they are not UTF-8 (a `-d @path` argument read from the raw
    /// `argv`); ``path`` then shows them with U+FFFD, and the file system gets these.
    var rawPath: [UInt8]?

    /// The path handed to the file system: ``path`` joined to ``workingDirectory`` when relative.
    var fileSystemPath: String {
        guard let workingDirectory, !path.isEmpty, !path.hasPrefix("/") else { return path }
        return workingDirectory.hasSuffix("/") ? workingDirectory + path : workingDirectory + "/" + path
    }

    /// ``fileSystemPath`` as the bytes the file system gets, NUL-terminated.
    var fileSystemPathBytes: [CChar] {
        guard let rawPath else { return Array(fileSystemPath.utf8CString) }
        var bytes = rawPath
        if let workingDirectory, !bytes.isEmpty, bytes.first != UInt8(ascii: "/") {
            bytes = Array(workingDirectory.utf8) + (workingDirectory.hasSuffix("/") ? [] : [UInt8(ascii: "/")]) + bytes
        }
        return bytes.map { CChar(bitPattern: $0) } + [0]
    }

    /// Reads and parses the file without the duplicate check.
    func read(limits: InstructionSourceLimits) -> InstructionSourceReadResult {
        let whole = InstructionOrigin(kind: .file, source: path)
        func failure(_ message: String) -> InstructionSourceReadResult {
            InstructionSourceReadResult(diagnostics: [.error(message, at: whole)])
        }
        switch RegularFileReader.load(atPath: fileSystemPathBytes, maxBytes: limits.maxBytes) {
        case .success(let bytes):
            return InstructionSourceParsing.parseRelayBytes(bytes, origin: { .file(path, line: $0, column: $1) }, limits: limits)
        case .failure(.notFound):
            guard isRequired else { return InstructionSourceReadResult() }
            guard !path.hasPrefix("/") else { return failure("no such file; check the path") }
            let directory = workingDirectory ?? ProcessEnvironment.currentDirectory()
            return failure("no such file; check the path (relative paths are resolved against the working directory, \(UserText.escaped(directory, limit: nil)))")
        case .failure(.directory):
            return failure("this is a directory; name a .relay file instead")
        case .failure(.notRegular(let kind)):
            return failure("this is \(kind), not a regular file; instructions are read only from regular files")
        case .failure(.foreignOwner(let uid)):
            return failure("the file is owned by another user (uid \(uid)), who could change which implementations the app runs — own it yourself (run: chown \(geteuid()) \(ShellQuoting.quote(fileSystemPath))) or copy it to a folder you own")
        case .failure(.untrustedFolder(let folder, let uid?)):
            return failure("the folder \(ShellQuoting.quote(folder)) is owned by another user (uid \(uid)), who could replace the file — keep instruction files in folders you own")
        case .failure(.untrustedFolder(let folder, nil)):
            return failure("the folder \(ShellQuoting.quote(folder)) is writable by every user, so anyone could replace the file — run: chmod o-w \(ShellQuoting.quote(folder)) (or chmod +t to make it sticky, like /tmp)")
        case .failure(.worldWritable):
            return failure("the file is writable by every user, so anyone on this machine could change which implementations the app runs — run: chmod o-w \(ShellQuoting.quote(path))")
        case .failure(.tooLarge(let size)):
            return InstructionSourceReadResult(diagnostics: [limits.sizeError("the input", bytes: size, remedy: "split the file", at: whole)])
        case .failure(.cannotOpen(let error)):
            return failure("cannot open the file: \(error); make it readable by the user that runs the app")
        case .failure(.cannotRead(let error)):
            return failure("cannot read the file: \(error)")
        case .failure(.changed):
            return failure("the file was replaced while it was being opened; try again")
        }
    }
}

extension ConfigFileInstructionSource: AbsenceReporting {
    /// `does not exist` for an optional file that is missing.
    var absence: String? {
        !isRequired && !ProcessEnvironment.fileExists(fileSystemPath) ? "does not exist" : nil
    }
}
#endif
