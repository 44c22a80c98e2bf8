#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
import Relay

/// Everything `relay` takes from and gives to its process, so that tests can run it
/// without a subprocess: the environment, the working directory, standard input and the
/// two output streams.
package struct RelayToolContext {
    /// The environment variables (`RELAY_DEPENDENCIES`, `RELAY_DEPENDENCIES_FILE`).
    package var environment: [String: String]
    /// The directory relative paths and `./.relay` are resolved against.
    package var workingDirectory: String
    /// Returns the bytes of standard input. It is passed the most bytes worth reading
    /// (the size limit plus one) and is called at most once, and only when `-` is given.
    package var standardInput: @Sendable (_ maxBytes: Int) throws -> [UInt8]
    /// Writes text to standard output. The text includes its line ends.
    package var output: (String) -> Void
    /// Writes text to standard error. The text includes its line ends.
    package var errorOutput: (String) -> Void

    /// Creates a context.
    package init(
        environment: [String: String],
        workingDirectory: String,
        standardInput: @escaping @Sendable (_ maxBytes: Int) throws -> [UInt8],
        output: @escaping (String) -> Void,
        errorOutput: @escaping (String) -> Void
    ) {
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.standardInput = standardInput
        self.output = output
        self.errorOutput = errorOutput
    }

    /// Reads the process's real standard input, stopping once `maxBytes` bytes arrived.
    /// Pass it as ``standardInput`` when wiring a real process.
    package static func readProcessStandardInput(upTo maxBytes: Int) throws -> [UInt8] {
        try StandardInputInstructionSource.readStandardInput(upTo: maxBytes)
    }

    /// Writes `line` and a line feed to standard output.
    func print(_ line: String) {
        output(line + "\n")
    }

    /// Writes `line` and a line feed to standard error.
    func printError(_ line: String) {
        errorOutput(line + "\n")
    }

    /// Writes the error's diagnostics (and their notes) to standard error, as its
    /// description gives them: the first ``DynamicInjectionError/descriptionLimit``, then
    /// how many more there are.
    func report(_ error: DynamicInjectionError) {
        printError(error.description)
    }

    /// `path` as the file system sees it: joined to ``workingDirectory`` when relative.
    func fileSystemPath(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        return workingDirectory.hasSuffix("/") ? workingDirectory + path : workingDirectory + "/" + path
    }
}
#endif
