import Relay

/// `relay check`: reads each file (or standard input) with the library's own source and
/// reports what it reports.
struct CheckCommand {
    let context: RelayToolContext

    /// Checks every path, `-` being standard input; returns the exit status.
    func run(paths: [String]) -> Int32 {
        var failed = false
        for path in paths {
            let source: any DependencyInstructionSource = path == "-"
                ? StandardInputInstructionSource(reader: context.standardInput)
                : ConfigFileInstructionSource(path: path, isRequired: true, workingDirectory: context.workingDirectory)
            do {
                let instructions = try source.readInstructions(context: InstructionReadContext())
                let count = instructions.count == 1 ? "1 instruction" : "\(instructions.count) instructions"
                context.print("\(source.name): \(count) OK")
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
