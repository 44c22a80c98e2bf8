#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
#if os(macOS) || os(Linux)
import Foundation
import Relay

/// Whether a launch carries dependency instructions its program can see — however they
/// were passed: `-d` / `--dependency` words (inline, `@file`, `-` for standard input) in
/// its arguments, `RELAY_DEPENDENCIES` or `RELAY_DEPENDENCIES_FILE` in its environment, a
/// `.relay` file in its working directory.
///
/// The launch is read with the library's own standard sources, as the program's
/// `DynamicDependencyRegistry.standard(…)` reads them — the same flags, variables and file
/// — but with the launch's arguments, environment, working directory and standard input
/// in place of this process's. Instructions that do not parse count as carried too: a
/// program that exits cleanly with them, or becomes ready, cannot have applied them.
enum LaunchInstructions {
    /// Whether the standard sources of the launch give any instruction or any error.
    ///
    /// - Parameters:
    ///   - arguments: The words after the program's name.
    ///   - environment: The program's full environment.
    ///   - workingDirectory: Its working directory, with the launch's files already written.
    ///   - standardInput: The text of its standard input; `nil` for an empty one.
    static func areCarried(arguments: [String], environment: [String: String], workingDirectory: URL, standardInput: String?) -> Bool {
        let input = Array((standardInput ?? "").utf8)
        var commandLine = CommandLineInstructionSource(arguments: arguments, standardInput: StandardInputInstructionSource { _ in input })
        commandLine.fileDirectory = workingDirectory.path
        let sources = DynamicDependencyRegistry.standardSources(commandLine: commandLine, environment: environment, workingDirectory: workingDirectory.path)
        let context = InstructionReadContext()
        return sources.contains { source in
            do {
                return try !source.readInstructions(context: context).isEmpty
            } catch {
                return true
            }
        }
    }
}
#endif
#endif
