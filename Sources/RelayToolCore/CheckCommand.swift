import Relay

/// `relay check`: reads each file (or standard input) with the library's own source and
/// reports what it reports; with `--index`, also checks every key against an app's index
/// manifest, as the app would.
struct CheckCommand {
    let context: RelayToolContext

    /// Checks every path, `-` being standard input, and with `index` (a manifest's path)
    /// their keys; returns the exit status.
    func run(paths: [String], index: String? = nil) -> Int32 {
        var manifest: DynamicDependencyIndex.Manifest?
        if let index {
            guard let read = context.readManifest(index) else { return RelayExitStatus.failure }
            manifest = read
        }
        var failed = false
        for path in paths {
            let source: any DependencyInstructionSource = path == "-"
                ? StandardInputInstructionSource(reader: context.standardInput)
                : ConfigFileInstructionSource(path: path, isRequired: true, workingDirectory: context.workingDirectory)
            do {
                let instructions = try source.readInstructions(context: InstructionReadContext())
                if let manifest {
                    // The instructions again, now as the registry merges and checks them.
                    let registry = DynamicDependencyRegistry(index: DynamicDependencyIndex(), sources: [Replay(name: source.name, instructions: instructions)], policy: .enabled)
                    _ = try registry.plan(against: manifest)
                }
                let count = instructions.count == 1 ? "1 instruction" : "\(instructions.count) instructions"
                context.print("\(source.name): \(count) OK" + (index.map { ", every key in \($0)" } ?? ""))
            } catch let error as DynamicInjectionError {
                context.report(error)
                failed = true
            } catch {
                context.printError("\(source.name): error: \(error)")
                failed = true
            }
        }
        return failed ? RelayExitStatus.failure : RelayExitStatus.success
    }
}

/// Instructions already read, given to a registry again as one source (standard input
/// can be read only once).
private struct Replay: DependencyInstructionSource {
    let name: String
    let instructions: [LocatedInstruction]

    func readInstructions(context: InstructionReadContext) throws -> [LocatedInstruction] {
        instructions
    }
}
