import Foundation
import RelayToolCore
import Testing

/// What one in-process run of `relay` printed and returned.
struct ToolRun {
    var status: Int32
    var output: String
    var errorOutput: String

    /// Runs `relay arguments` in-process with an explicit environment and working
    /// directory; never touches the real environment or standard input.
    ///
    /// - Parameter standardInput: The bytes `-` reads; `nil` records an issue if read.
    init(_ arguments: [String], in workingDirectory: String = "/nonexistent-relay-tool-tests", environment: [String: String] = [:], standardInput: String? = nil) {
        let recorder = Recorder()
        let context = RelayToolContext(
            environment: environment,
            workingDirectory: workingDirectory,
            standardInput: { _ in
                guard let standardInput else {
                    Issue.record("standard input was read but none was given")
                    return []
                }
                return Array(standardInput.utf8)
            },
            output: { recorder.output += $0 },
            errorOutput: { recorder.errorOutput += $0 }
        )
        status = RelayCommand.run(arguments: arguments, context: context)
        output = recorder.output
        errorOutput = recorder.errorOutput
    }

    private final class Recorder {
        var output = ""
        var errorOutput = ""
    }
}
