// Sources/StatusCtl/StatusCtl.swift
import ArgumentParser
import Foundation
import Relay

/// Writes `text` and a line feed to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// The root command: its subcommands do the work; start-up happens in `main()`.
@main
struct StatusCtl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "statusctl",
        abstract: "Prints the state of the status service's components.",
        subcommands: [ListCommand.self, CheckCommand.self],
        defaultSubcommand: ListCommand.self
    )

    /// Start-up: inject first, then hand ArgumentParser the command line without Relay's
    /// `-d` arguments.
    static func main() async {
        // 1. Fill the index (the live service, and the stubs in debug builds), then apply
        //    the instructions from the command line, RELAY_DEPENDENCIES and
        //    RELAY_DEPENDENCIES_FILE or ./.relay — all or nothing.
        do {
            try DynamicDependencyRegistry.standard(index: .statusCtl).inject()
        } catch {
            printError("\(error)")   // every problem, with its position: argv[1]:22: error: …
            exit(withError: ExitCode.failure)
        }
        // 2. Parse and run. `await` inside this async function selects
        //    AsyncParsableCommand's main(_:), which awaits the subcommand's async run().
        await main(CommandLine.withoutDependencyArguments())
    }
}

/// The options every subcommand takes.
struct GlobalOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Also print a summary line.")
    var verbose = false
}

/// The components, from the status service the container resolves; on failure, says so on
/// standard error and exits with status 2.
func readComponents() async throws -> [Component] {
    do {
        let service = try DependencyContainer.global.tryResolve(StatusService.self)
        return try await service.components()
    } catch {
        printError("statusctl: cannot read the status: \(error)")
        throw ExitCode(2)
    }
}
