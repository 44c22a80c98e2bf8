#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
import Relay

/// `relay check`: reads each file (or standard input) with the library's own source and
/// reports what it reports; with `--index`, also checks every key against an app's index
/// manifest, as the app would — type and factory keys, scopes, tags, and whether each
/// factory needs a `parameter=` or takes none. A parameter's *value* can be read only by
/// the app's parser, which a manifest does not carry: each one is named in a note, and the
/// summary says how many were left to the app.
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
                var unchecked = 0
                if let manifest {
                    // The instructions again, now as the registry merges and checks them.
                    let registry = DynamicDependencyRegistry(index: DynamicDependencyIndex(), sources: [Replay(name: source.name, instructions: instructions)], policy: .enabled)
                    let report = try registry.plan(against: manifest)
                    for binding in report.bindings {
                        guard let parameter = binding.parameter, let expected = manifest.parameters[binding.factory] else { continue }
                        context.print("\(binding.origin): note: parameter \(UserText.quoted(parameter)) for factory '\(UserText.escaped(binding.factory.tag))' is not checked here — only the app's parser can read it (expected \(UserText.escaped(expected, limit: nil))); run the app or a test with this instruction to check the value")
                        unchecked += 1
                    }
                }
                let count = instructions.count == 1 ? "1 instruction" : "\(instructions.count) instructions"
                let left = unchecked == 0 ? "" : unchecked == 1 ? " (1 parameter value left to the app's parser)" : " (\(unchecked) parameter values left to the app's parser)"
                context.print("\(source.name): \(count) OK" + (index.map { ", every key in \($0)" } ?? "") + left)
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
#endif
