import Foundation
#if RELAY_DRIVABLE
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
#else
// A release build without Relay's DynamicInjectionInRelease trait has no instruction
// parser to check, explain or format with.
FileHandle.standardError.write(Data("relay: this release build has no dynamic injection; run the debug build (swift run relay …) or build with Relay's DynamicInjectionInRelease trait\n".utf8))
exit(2)
#endif
