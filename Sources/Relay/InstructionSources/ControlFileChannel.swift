import Dispatch
import Foundation

/// The control file named by `RELAY_CONTROL=<path>`: read at start-up above every other
/// source, then again each time it changes, each version one batch.
///
/// The file is read exactly like a `.relay` file (``ConfigFileInstructionSource``, same
/// format, limits and trust rules); a missing file is an empty batch. Changes are noticed by
/// a ``FileChangeWatcher`` (inotify, kqueue or polling) and confirmed by comparing the
/// file's ``FileSignature`` with the one seen before the last read, so an event that
/// changed nothing reads nothing.
final class ControlFileChannel: ControlChannel {
    /// The paths each channel has examined (stat or read), with how often — so that a test
    /// can show that a build whose policy is off never touches the control file.
    static let examined = LockedState<[String: Int]>([:])

    /// The path as given in `RELAY_CONTROL`.
    let path: String
    /// The directory a relative path is resolved against.
    let workingDirectory: String
    /// Whether to poll even where the platform can watch (`RELAY_CONTROL_WATCH=poll`).
    let polls: Bool
    /// The signature seen just before the last read (start-up or batch).
    private let lastRead = LockedState<FileSignature?>(nil)

    init(path: String, workingDirectory: String, polls: Bool) {
        self.path = path
        self.workingDirectory = workingDirectory
        self.polls = polls
    }

    /// The path as given.
    var channelName: String { path }

    /// The file as a source; missing is empty.
    private var file: ConfigFileInstructionSource {
        ConfigFileInstructionSource(path: path, isRequired: false, workingDirectory: workingDirectory)
    }

    var startupSource: (any DependencyInstructionSource)? { StartupRead(channel: self) }

    func watch(limits: InstructionSourceLimits) -> any ControlWatch {
        ControlFileWatch(channel: self, limits: limits)
    }

    /// The file's signature now.
    func signature() -> FileSignature? {
        Self.examined.withLock { $0[path, default: 0] += 1 }
        return FileSignature.of(file.fileSystemPathBytes)
    }

    /// Reads the file as a batch if it changed since the last read; `nil` if it did not.
    func readIfChanged(limits: InstructionSourceLimits) -> ControlBatch? {
        let now = signature()
        guard lastRead.withLock({ last in
            defer { last = now }
            return last != now
        }) else { return nil }
        return ControlBatch(name: path, result: Result { () throws(DynamicInjectionError) in
            try Self.read(file, limits: limits)
        })
    }

    /// Reads `file`, throwing only ``DynamicInjectionError``.
    private static func read(_ file: ConfigFileInstructionSource, limits: InstructionSourceLimits) throws(DynamicInjectionError) -> [LocatedInstruction] {
        do {
            return try file.readInstructions(context: InstructionReadContext(limits: limits))
        } catch let error as DynamicInjectionError {
            throw error
        } catch {
            throw DynamicInjectionError(diagnostics: [.error("cannot read the control file: \(UserText.escaped(String(describing: error), limit: nil))", at: .custom(source: file.path, line: nil, column: nil))])
        }
    }

    /// The control file read at start-up, with the other sources: records the signature
    /// first, so that a change made while the program starts is still seen as a batch.
    private struct StartupRead: DependencyInstructionSource, AbsenceReporting {
        let channel: ControlFileChannel
        var name: String { channel.path }
        var absence: String? { (channel.file as any AbsenceReporting).absence }

        func readInstructions(context: InstructionReadContext) throws -> [LocatedInstruction] {
            let now = channel.signature()
            channel.lastRead.withLock { $0 = now }
            return try ControlFileChannel.read(channel.file, limits: context.limits)
        }
    }
}

/// A started control file: checks it on each event of its watcher, and once at the start.
///
/// `@unchecked Sendable` is not needed: its properties are immutable and `Sendable`.
final class ControlFileWatch: ControlWatch {
    private let channel: ControlFileChannel
    private let limits: InstructionSourceLimits
    /// Serial: every check, read and delivery runs here, one at a time.
    private let queue = DispatchQueue(label: "Relay.ControlFile")
    private let watcher: FileChangeWatcher
    private let deliver = LockedState<(@Sendable (ControlBatch) -> Void)?>(nil)

    init(channel: ControlFileChannel, limits: InstructionSourceLimits) {
        self.channel = channel
        self.limits = limits
        let deliver = self.deliver
        let queue = queue
        watcher = FileChangeWatcher(path: ConfigFileInstructionSource(path: channel.path, workingDirectory: channel.workingDirectory).fileSystemPathBytes,
                                    polling: channel.polls, queue: queue) {
            Self.check(channel, limits: limits, deliver: deliver)
        }
    }

    var mechanism: String { watcher.mechanism }

    func start(_ deliver: @escaping @Sendable (ControlBatch) -> Void) {
        self.deliver.withLock { $0 = deliver }
        watcher.start()
        // A change made between the start-up read and now has no event of its own.
        queue.async { [channel, limits, deliver = self.deliver] in Self.check(channel, limits: limits, deliver: deliver) }
    }

    func stop() {
        deliver.withLock { $0 = nil }
        watcher.stop()
    }

    /// Reads the file if it changed, and delivers it. Runs on the queue.
    private static func check(_ channel: ControlFileChannel, limits: InstructionSourceLimits, deliver: LockedState<(@Sendable (ControlBatch) -> Void)?>) {
        guard let handler = deliver.withLock({ $0 }), let batch = channel.readIfChanged(limits: limits) else { return }
        handler(batch)
    }
}
