import Foundation
import Relay

/// One launch of the built `relay-demo`, the way a UI test launches an app: arguments,
/// environment and standard input chosen by the test, nothing inherited that could change
/// what the app injects.
///
/// - The child's environment is this process's minus every `RELAY_*` variable, plus
///   ``environment``.
/// - Its working directory is a fresh, empty temporary directory, so no `./.relay` is read
///   unless ``files`` puts one there. ``fixtures`` copies `config/` files into
///   `<working directory>/config/`, so `-d @config/x.relay` and the messages about it read
///   exactly as they do from the package root.
/// - Standard input is a pipe: ``standardInput`` is written to it, then it is closed.
/// - Standard output and error go to files, so neither pipe can fill up and stall the
///   child; both are read completely after it exits.
struct DemoLaunch {
    /// The arguments after the program name.
    var arguments: [String] = []
    /// Variables added to the cleaned environment.
    var environment: [String: String] = [:]
    /// Text written to the child's standard input (closed right after; empty if `nil`).
    var standardInput: String?
    /// `config/` fixtures to copy into the working directory's `config/`.
    var fixtures: [String] = []
    /// Files to create in the working directory: relative path → contents.
    var files: [String: String] = [:]

    /// How long a launch may take before it is stopped and reported.
    static let timeout: DispatchTimeInterval = .seconds(60)

    /// A launch with `arguments` built by `builder`, plus extra arguments of the app's own.
    init(_ builder: LaunchArgumentBuilder = LaunchArgumentBuilder(), extraArguments: [String] = []) {
        self.arguments = builder.build() + extraArguments
    }

    /// A launch with exactly these arguments.
    init(arguments: [String]) {
        self.arguments = arguments
    }

    /// Launches the program, waits for it, and returns what it printed.
    func run() throws -> DemoRun {
        _ = Self.ignoreBrokenPipes
        let sandbox = FileManager.default.temporaryDirectory
            .appendingPathComponent("relay-driver-\(UUID().uuidString)", isDirectory: true)
        let workingDirectory = sandbox.appendingPathComponent("work", isDirectory: true)
        let capture = sandbox.appendingPathComponent("capture", isDirectory: true)
        try FileManager.default.createDirectory(at: workingDirectory, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: sandbox) }
        try populate(workingDirectory)

        let outputURL = capture.appendingPathComponent("stdout")
        let errorURL = capture.appendingPathComponent("stderr")
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        let output = try FileHandle(forWritingTo: outputURL)
        let error = try FileHandle(forWritingTo: errorURL)
        let input = Pipe()

        let process = Process()
        process.executableURL = try DemoExecutable.url()
        process.arguments = arguments
        process.environment = Self.cleanEnvironment().merging(environment) { _, new in new }
        process.currentDirectoryURL = workingDirectory
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        try? output.close()
        try? error.close()

        // The child may exit without reading (it reads only for `-d -`): a failed write is
        // not the test's concern, and SIGPIPE is ignored.
        if let standardInput {
            if #available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *) {
                try? input.fileHandleForWriting.write(contentsOf: Data(standardInput.utf8))
            } else {
                // Before macOS 10.15.4 (the package's floor is 10.15) only the variant that
                // raises on a failed write exists.
                input.fileHandleForWriting.write(Data(standardInput.utf8))
            }
        }
        try? input.fileHandleForWriting.close()

        if exited.wait(timeout: .now() + Self.timeout) == .timedOut {
            process.terminate()
            exited.wait()
            throw TimedOut(arguments: arguments)
        }
        return DemoRun(
            status: process.terminationStatus,
            stdout: try String(contentsOf: outputURL, encoding: .utf8),
            stderr: try String(contentsOf: errorURL, encoding: .utf8)
        )
    }

    /// The launch did not finish within ``timeout``.
    struct TimedOut: Error, CustomStringConvertible {
        /// The arguments of the launch.
        var arguments: [String]
        var description: String { "relay-demo \(arguments.joined(separator: " ")) did not exit within the timeout" }
    }

    // MARK: Set-up

    /// This process's environment without any `RELAY_*` variable.
    static func cleanEnvironment() -> [String: String] {
        ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("RELAY_") }
    }

    private func populate(_ directory: URL) throws {
        if !fixtures.isEmpty {
            let config = directory.appendingPathComponent("config", isDirectory: true)
            try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
            for name in fixtures {
                let destination = config.appendingPathComponent(name)
                try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: PackageFixtures.config(name), to: destination)
            }
        }
        for (path, contents) in files {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
            // Relay refuses world-writable files; do not depend on the umask.
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
        }
    }

    /// Writing to the pipe of a child that already exited must not kill the test runner.
    private static let ignoreBrokenPipes: Void = {
        signal(SIGPIPE, SIG_IGN)
    }()
}
