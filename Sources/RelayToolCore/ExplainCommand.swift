import Foundation
import Relay

/// `relay explain`: merges the standard sources as an app would and prints the bindings
/// with their origins and the instructions they override.
struct ExplainCommand {
    let context: RelayToolContext

    /// Reads, merges and prints; returns the exit status.
    func run(_ options: RelayExplainOptions) -> Int32 {
        var sources: [any DependencyInstructionSource] = [
            CommandLineInstructionSource(
                arguments: options.dependencyArguments,
                standardInput: StandardInputInstructionSource(reader: context.standardInput)
            ),
            EnvironmentInstructionSource(environment: context.environment),
        ]
        if let file = options.file {
            sources.append(ConfigFileInstructionSource(path: file, isRequired: true, workingDirectory: context.workingDirectory))
        } else if let file = ConfigFileInstructionSource.standard(environment: context.environment, workingDirectory: context.workingDirectory) {
            sources.append(file)
        }
        let registry = DynamicDependencyRegistry(index: DynamicDependencyIndex(), sources: sources, policy: .enabled, limits: .default)

        let report: DynamicInjectionReport
        do {
            report = try registry.merge()
        } catch {
            context.report(error.diagnostics)
            return RelayExitStatus.failure
        }
        if options.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            do {
                context.print(String(decoding: try encoder.encode(report), as: UTF8.self))
            } catch {
                context.printError("relay: error: cannot encode the report as JSON: \(error)")
                return RelayExitStatus.failure
            }
        } else {
            context.print("Sources, highest precedence first: " + sourceSummary(options).joined(separator: ", "))
            if report.bindings.isEmpty {
                context.print("No bindings: no source holds an instruction.")
            } else {
                context.print(report.bindings.count == 1 ? "1 binding:" : "\(report.bindings.count) bindings:")
                for binding in report.bindings {
                    context.print("  \(binding)")
                }
            }
        }
        return RelayExitStatus.success
    }

    /// The sources consulted, with a word on those that held nothing to read.
    private func sourceSummary(_ options: RelayExplainOptions) -> [String] {
        let hasDependencies = options.dependencyArguments.contains { !$0.isEmpty }
        var summary = [hasDependencies ? "command line" : "command line (no -d)"]
        let variable = "$" + EnvironmentInstructionSource.defaultVariable
        summary.append(context.environment[EnvironmentInstructionSource.defaultVariable] == nil ? "\(variable) (not set)" : variable)
        let fileVariable = EnvironmentInstructionSource.fileVariable
        if let file = options.file {
            summary.append("\(file) (--file)")
        } else if let path = context.environment[fileVariable] {
            summary.append(path.isEmpty ? "no file ($\(fileVariable) is empty)" : "\(path) ($\(fileVariable))")
        } else if ConfigFileInstructionSource.standard(environment: context.environment, workingDirectory: context.workingDirectory) == nil {
            summary.append("no file (./\(ConfigFileInstructionSource.defaultFileName) does not exist)")
        } else {
            summary.append(ConfigFileInstructionSource.defaultFileName)
        }
        return summary
    }
}
