#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
import Foundation
import Relay

/// `relay format`: validates each file with the library, then rewrites it canonically
/// (or, with `--check`, reports whether it would change).
struct FormatCommand {
    let context: RelayToolContext

    /// Formats or checks every path; returns the exit status.
    func run(paths: [String], checkOnly: Bool) -> Int32 {
        var failed = false
        for path in paths where !format(path, checkOnly: checkOnly) {
            failed = true
        }
        return failed ? RelayExitStatus.failure : RelayExitStatus.success
    }

    /// Formats one file; returns whether it is (now) canonical and without errors.
    private func format(_ path: String, checkOnly: Bool) -> Bool {
        let source = ConfigFileInstructionSource(path: path, isRequired: true, workingDirectory: context.workingDirectory)
        let instructions: [LocatedInstruction]
        do {
            instructions = try source.readInstructions(context: InstructionReadContext())
        } catch let error as DynamicInjectionError {
            context.report(error)
            return false
        } catch {
            context.printError("\(path): error: \(error)")
            return false
        }
        let fileSystemPath = context.fileSystemPath(path)
        guard let data = FileManager.default.contents(atPath: fileSystemPath) else {
            context.printError("\(path): error: cannot read the file")
            return false
        }
        let original = [UInt8](data)
        let formatted: [UInt8]
        do {
            formatted = Array(try RelayFileFormatter.format(String(decoding: original, as: UTF8.self), instructions: instructions).utf8)
        } catch {
            context.printError("\(path): error: \(error)")
            return false
        }
        guard formatted != original else { return true }
        if checkOnly {
            context.printError("\(path): not canonically formatted (run: relay format \(ShellQuoting.quote(path)))")
            return false
        }
        do {
            try FileReplacer.replaceContents(ofFileAt: fileSystemPath, with: formatted)
        } catch {
            context.printError("\(path): error: cannot write the file: \(error.localizedDescription)")
            return false
        }
        return true
    }
}
#endif
