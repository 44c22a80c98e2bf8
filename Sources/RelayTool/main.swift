import Foundation
import RelayToolCore

// Wires the real process into the testable core: arguments, environment, working
// directory, standard input, standard output and standard error.
let context = RelayToolContext(
    environment: ProcessInfo.processInfo.environment,
    workingDirectory: FileManager.default.currentDirectoryPath,
    standardInput: RelayToolContext.readProcessStandardInput(upTo:),
    output: { FileHandle.standardOutput.write(Data($0.utf8)) },
    errorOutput: { FileHandle.standardError.write(Data($0.utf8)) }
)
exit(RelayCommand.run(arguments: Array(CommandLine.arguments.dropFirst()), context: context))
