#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
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
        // How the file was chosen, shown after its name; or why there is none.
        var fileNote: (name: String, note: String)?
        var noFile: String?
        if let file = options.file {
            sources.append(ConfigFileInstructionSource(path: file, isRequired: true, workingDirectory: context.workingDirectory))
            fileNote = (file, "--file")
        } else {
            switch ConfigFileInstructionSource.standardSelection(environment: context.environment, workingDirectory: context.workingDirectory) {
            case .file(let source, let chosenBy):
                sources.append(source)
                fileNote = chosenBy.map { (source.name, $0) }
            case .none(let reason):
                noFile = "no file (\(reason))"
            }
        }
        var manifest: DynamicDependencyIndex.Manifest?
        if let index = options.index {
            guard let read = context.readManifest(index) else { return RelayExitStatus.failure }
            manifest = read
        }
        let registry = DynamicDependencyRegistry(index: DynamicDependencyIndex(), sources: sources, policy: .enabled, limits: .default)

        let report: DynamicInjectionReport
        do {
            if let manifest {
                report = try registry.plan(against: manifest)
            } else {
                report = try registry.merge()
            }
        } catch {
            context.report(error)
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
            let summary = report.sources.map { source in
                fileNote.flatMap { $0.name == source.name ? "\(source.name) (\($0.note))" : nil } ?? source.description
            } + (noFile.map { [$0] } ?? [])
            context.print("Sources, highest precedence first: " + summary.joined(separator: ", "))
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
}
#endif
