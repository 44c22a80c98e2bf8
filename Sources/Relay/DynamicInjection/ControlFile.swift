#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
/// The control file `RELAY_CONTROL` names (docs/configuration.md, "The control channel"):
/// read at start-up above every other source, then looked at every ``interval``
/// milliseconds by its ``ControlSession`` and read again — one batch — each time a new
/// version of it appears — at once for a finished file renamed into place, once it has held
/// still for ``inPlaceSettle`` for one that may still be being written (``Versions``).
///
/// It is read exactly like a `.relay` file (same format, limits and trust rules); a missing
/// file is an empty batch. A version is the file's ``FileSignature``, taken through every
/// symbolic link on the path at each look (one `stat`, handed over by the layer that makes
/// the control file), so a file replaced by a rename, a folder removed and created again, a
/// control file that is itself a symbolic link, and a Kubernetes ConfigMap (whose `..data`
/// link is replaced on every update) are all seen the same way.
///
/// With the policy off, no `ControlFile` is made: the path is never looked at.
final class ControlFile: Sendable {
    /// How often the file is looked at by default, in milliseconds: a renamed batch reaches
    /// the next resolve within about one interval (a driver waiting for it hardly notices
    /// a tenth of a second), and an idle channel — one wake-up and one `stat` per look —
    /// costs about 0.05 % of a core, half the 0.1 % it may. A shorter
    /// `RELAY_CONTROL_INTERVAL` answers sooner and costs proportionally more.
    static let defaultInterval = 100
    /// The longest interval `RELAY_CONTROL_INTERVAL` may ask for, in milliseconds.
    static let maximumInterval = 10_000
    /// How long a version that may be half-written (``FileSignature/mayBeHalfWritten``) —
    /// written in place, or a new file still being written — must hold still before it is
    /// read, in milliseconds: longer than a writer that was descheduled between two writes
    /// on a busy machine, or that paused between two commands of one shell redirection,
    /// usually stays away.
    static let inPlaceSettle = 300

    /// The path as given in `RELAY_CONTROL`: the batches' source name.
    let path: String
    /// Milliseconds between two looks at the file.
    let interval: Int
    /// The file, read as a `.relay` file that may be missing.
    private let file: any DependencyInstructionSource
    /// Takes the file's signature now.
    private let takeSignature: @Sendable () -> FileSignature
    /// The version the start-up read found, taken just before it read.
    private let versionAtStartup = LockedState(FileSignature.missing)

    /// A control file read through `file`, its versions told apart by `signature`:
    /// `FileSignature(path:)` of the path the file system is asked about (relative paths
    /// resolved).
    init(path: String, interval: Int, file: any DependencyInstructionSource, signature: @escaping @Sendable () -> FileSignature) {
        self.path = path
        self.interval = interval
        self.file = file
        takeSignature = signature
    }

    /// `polling every 100 ms`, for the report.
    var mechanism: String { "polling every \(interval) ms" }

    /// How to tell when a version may be read, starting from the one read at start-up.
    var startupVersions: Versions {
        Versions(read: versionAtStartup.withLock { $0 }, inPlaceLooks: (Self.inPlaceSettle + interval - 1) / interval)
    }

    /// The file's version now.
    func signature() -> FileSignature {
        takeSignature()
    }

    /// The file as it is at start-up, read with the other sources. It records the version
    /// first, so that a change made while the program starts is still seen as a batch.
    var startupSource: any DependencyInstructionSource { StartupRead(control: self) }

    /// Reads the file as a batch: its instructions, or every problem found.
    func read(limits: InstructionSourceLimits) -> Result<[LocatedInstruction], DynamicInjectionError> {
        Result { () throws(DynamicInjectionError) in try read(context: InstructionReadContext(limits: limits)) }
    }

    /// Reads the file, throwing only ``DynamicInjectionError``.
    private func read(context: InstructionReadContext) throws(DynamicInjectionError) -> [LocatedInstruction] {
        do {
            return try file.readInstructions(context: context)
        } catch let error as DynamicInjectionError {
            throw error
        } catch {
            throw DynamicInjectionError(diagnostics: [.error("cannot read the control file: \(UserText.escaped(String(describing: error), limit: nil))", at: .custom(source: path, line: nil, column: nil))])
        }
    }

    private struct StartupRead: DependencyInstructionSource, AbsenceReporting {
        let control: ControlFile
        var name: String { control.path }
        var absence: String? { (control.file as? any AbsenceReporting)?.absence }

        func readInstructions(context: InstructionReadContext) throws -> [LocatedInstruction] {
            let version = control.signature()
            control.versionAtStartup.withLock { $0 = version }
            return try control.read(context: context)
        }
    }

    /// Which version of the file was read last, and which newer one the looks before saw:
    /// the rule that keeps a file from being read while it is written.
    ///
    /// A writer that creates or truncates the file and then writes it (`echo … > file`,
    /// `{ echo a; sleep 1; echo b; } > file`, most editors) leaves it empty or half-written
    /// for a moment, and each of those moments has a signature of its own (another size,
    /// another modification time); so a version that may be one of them
    /// (``FileSignature/mayBeHalfWritten``: empty, or not changed since its last write —
    /// a new file, a new inode or the same one) is read only once looks in a row have found
    /// it unchanged for ``ControlFile/inPlaceSettle``. A finished file renamed into place,
    /// and a file that went away, are complete when they appear, and are read at the first
    /// look that finds them. Either way, what was read counts only if the signature right
    /// after the read is the one right before it. A version replaced before it held still
    /// is never read; one read is never read again.
    struct Versions: Sendable {
        /// The version read last.
        private(set) var read: FileSignature
        /// How many looks after the first must find a version that may be half-written
        /// unchanged before it is read (a complete one needs none).
        let inPlaceLooks: Int
        /// The version the latest look found, when it was not ``read``.
        private var seen: FileSignature?
        /// How many looks after the first found ``seen``.
        private var stillFor = 0

        init(read: FileSignature, inPlaceLooks: Int) {
            self.read = read
            self.inPlaceLooks = max(1, inPlaceLooks)
        }

        /// Records one look at the file; returns whether to read it now.
        mutating func look(_ now: FileSignature) -> Bool {
            guard now != read else {
                seen = nil
                return false
            }
            if now == seen {
                stillFor += 1
            } else {
                seen = now
                stillFor = 0
            }
            return !now.mayBeHalfWritten || stillFor >= inPlaceLooks
        }

        /// Records a read of version `before` after which the file was at `after`; returns
        /// whether the read holds that version (the file did not change during it).
        mutating func finishRead(of before: FileSignature, after: FileSignature) -> Bool {
            guard after == before else {
                _ = look(after)
                return false
            }
            read = before
            seen = nil
            return true
        }
    }
}
#endif
