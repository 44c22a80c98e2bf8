// Sources/StatusCtl/ListCommand.swift
import ArgumentParser

/// `statusctl list [--only NAME] [--verbose]`, the default subcommand: one line per component.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Prints every component and its state.")

    @OptionGroup var global: GlobalOptions
    @Option(help: "Print only this component.")
    var only: String?

    func run() async throws {
        let shown = try await readComponents().filter { only == nil || $0.name == only }
        for component in shown {
            print(component.name.padding(toLength: 10, withPad: " ", startingAt: 0) + component.state)
        }
        if global.verbose {
            let failing = shown.filter { $0.state != "operational" }.count
            print("\(shown.count) components, \(failing) not operational")
        }
    }
}
