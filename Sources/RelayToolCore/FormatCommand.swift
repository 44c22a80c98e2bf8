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
            context.printError(Message.failed(path: path, reason: "\(error)").text)
            return false
        }
        let fileSystemPath = context.fileSystemPath(path)
        guard let data = FileManager.default.contents(atPath: fileSystemPath) else {
            context.printError(Message.unreadable(path: path).text)
            return false
        }
        let original = [UInt8](data)
        let formatted: [UInt8]
        do {
            formatted = Array(try RelayFileFormatter.format(String(decoding: original, as: UTF8.self), instructions: instructions).utf8)
        } catch {
            context.printError(Message.failed(path: path, reason: "\(error)").text)
            return false
        }
        guard formatted != original else { return true }
        if checkOnly {
            context.printError(Message.notCanonical(path: path).text)
            return false
        }
        do {
            try FileReplacer.replaceContents(ofFileAt: fileSystemPath, with: formatted)
        } catch {
            context.printError(Message.unwritable(path: path, reason: error.localizedDescription).text)
            return false
        }
        return true
    }

    /// What `relay format` says about a file on standard error, one line without its line
    /// end. The path, and the library's or the system's text (which may repeat it), are
    /// shown escaped (``UserText``): a file name may hold any character, a terminal
    /// escape or a bidi override among them.
    enum Message {
        /// The file could not be read or laid out: `reason` says why.
        case failed(path: String, reason: String)
        /// The file was read as instructions but its bytes could not be read again.
        case unreadable(path: String)
        /// `--check`: the file is valid but not in the canonical form.
        case notCanonical(path: String)
        /// The canonical form could not be written: `reason` is the system's.
        case unwritable(path: String, reason: String)

        var text: String {
            switch self {
            case let .failed(path, reason):
                "\(Self.shown(path)): error: \(UserText.escaped(reason, limit: nil))"
            case let .unreadable(path):
                "\(Self.shown(path)): error: cannot read the file"
            case let .notCanonical(path):
                "\(Self.shown(path)): not canonically formatted (run: relay format \(ShellQuoting.quote(path)))"
            case let .unwritable(path, reason):
                "\(Self.shown(path)): error: cannot write the file: \(UserText.escaped(reason, limit: nil))"
            }
        }

        private static func shown(_ path: String) -> String {
            UserText.escaped(path, limit: nil)
        }
    }
}
#endif
