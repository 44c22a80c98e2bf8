// Sources/StatusCtl/CheckCommand.swift
import ArgumentParser

/// `statusctl check NAME`: exit status 0 when the component is operational, 3 when it is
/// not, 4 when there is no such component.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "check", abstract: "Exits with 0 when the component is operational.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The component's name.")
    var name: String

    func run() async throws {
        guard let component = try await readComponents().first(where: { $0.name == name }) else {
            printError("statusctl: no component named '\(name)'")
            throw ExitCode(4)
        }
        if global.verbose || component.state != "operational" {
            print("\(component.name) is \(component.state)")
        }
        if component.state != "operational" { throw ExitCode(3) }
    }
}
