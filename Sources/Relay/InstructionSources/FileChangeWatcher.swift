import Dispatch
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What identifies one version of a file: if any of it differs, the file may hold other
/// bytes. The inode (an atomic rename gives a new one), the size, the mode and the
/// modification time in nanoseconds.
///
/// Not the status-change time: a rename updates it on the renamed file, and a watcher woken
/// by the rename can see it before and after that update — one batch read twice (seen in
/// `UITestControlFileTests` under load). A write in place changes the modification time.
struct FileSignature: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var mode: UInt32
    var modified: Int64
    var modifiedNanoseconds: Int64

    /// The signature of the file at `path` (links followed), or `nil` when nothing is there
    /// or it cannot be examined.
    static func of(_ path: [CChar]) -> FileSignature? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #elseif canImport(Glibc)
        let modified = info.st_mtim
        #elseif canImport(Musl)
        let modified = info.st_mtim
        #endif
        return FileSignature(
            device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino),
            size: Int64(info.st_size), mode: UInt32(info.st_mode),
            modified: Int64(modified.tv_sec), modifiedNanoseconds: Int64(modified.tv_nsec)
        )
    }
}

/// Calls `onEvent` on its queue whenever the file at a path may have changed — written,
/// replaced by a rename, created, removed, or its permissions changed — without a thread of
/// its own and without ever reading the file (the caller compares ``FileSignature``s and
/// reads).
///
/// - Linux (Glibc): `inotify` on the file's folder (so an atomic rename over the file is
///   seen too), read through a `DispatchSource` read source: nothing polls.
/// - Darwin: `DispatchSource.makeFileSystemObjectSource` (kqueue) on the folder, for renames
///   and new files, and on the file itself, for writes in place (re-armed after each event).
/// - Otherwise (Musl, a folder that does not exist, `inotify` or `open` failing, or when
///   asked): the file's signature is polled every ``pollInterval`` milliseconds.
///
/// `@unchecked Sendable` is safe: the mutable properties (`sources`, `fileSource`,
/// `isStopped`, `isStarted`) are read and written only on `queue`, a serial queue (``start()`` and
/// ``stop()`` hop onto it with `async`); the rest are immutable.
final class FileChangeWatcher: @unchecked Sendable {
    /// How often the polling fallback looks at the file, in milliseconds.
    static let pollInterval = 25

    /// `inotify`, `kqueue` or `polling every 25 ms`.
    let mechanism: String
    private let path: [CChar]
    private let folder: [CChar]
    private let queue: DispatchQueue
    private let onEvent: @Sendable () -> Void
    private var sources: [any DispatchSourceProtocol] = []
    private var fileSource: (any DispatchSourceProtocol)?
    private var isStopped = false
    private var isStarted = false
    /// Prepared at creation (an inotify descriptor, a folder descriptor), armed by ``start()``.
    private let prepared: Prepared

    private enum Prepared {
        case inotify(descriptor: Int32)
        case kqueue(folder: Int32)
        case polling
    }

    /// Prepares to watch `path` (absolute, NUL-terminated bytes), calling `onEvent` on
    /// `queue`. With `polling`, polls whatever the platform offers.
    init(path: [CChar], polling: Bool, queue: DispatchQueue, onEvent: @escaping @Sendable () -> Void) {
        self.path = path
        self.queue = queue
        self.onEvent = onEvent
        var bytes = Array(path.prefix { $0 != 0 })
        if let slash = bytes.lastIndex(of: CChar(UInt8(ascii: "/"))) {
            bytes = slash == 0 ? [CChar(UInt8(ascii: "/"))] : Array(bytes[..<slash])
        } else {
            bytes = [CChar(UInt8(ascii: "."))]
        }
        folder = bytes + [0]
        prepared = polling ? .polling : Self.prepare(folder: folder)
        switch prepared {
        case .inotify: mechanism = "inotify"
        case .kqueue: mechanism = "kqueue"
        case .polling: mechanism = "polling every \(Self.pollInterval) ms"
        }
    }

    /// The platform's watch on `folder`, or polling when there is none or it fails.
    private static func prepare(folder: [CChar]) -> Prepared {
        #if canImport(Darwin)
        let descriptor = open(folder, O_EVTONLY | O_CLOEXEC)
        return descriptor >= 0 ? .kqueue(folder: descriptor) : .polling
        #elseif canImport(Glibc)
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return .polling }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)
        guard inotify_add_watch(descriptor, folder, mask) >= 0 else {
            _ = close(descriptor)
            return .polling
        }
        return .inotify(descriptor: descriptor)
        #elseif canImport(Musl)
        return .polling
        #endif
    }

    /// Starts calling `onEvent`.
    func start() {
        queue.async { [self] in
            guard !isStopped else { return }
            isStarted = true
            switch prepared {
            case .inotify(let descriptor):
                let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
                source.setEventHandler { [self] in
                    Self.drain(descriptor)
                    onEvent()
                }
                source.setCancelHandler { _ = close(descriptor) }
                sources.append(source)
                source.resume()
            case .kqueue(let descriptor):
                armKqueue(folder: descriptor)
            case .polling:
                let timer = DispatchSource.makeTimerSource(queue: queue)
                timer.schedule(deadline: .now() + .milliseconds(Self.pollInterval), repeating: .milliseconds(Self.pollInterval), leeway: .milliseconds(5))
                timer.setEventHandler { [self] in onEvent() }
                sources.append(timer)
                timer.resume()
            }
        }
    }

    /// Stops calling `onEvent` and closes the descriptors.
    func stop() {
        queue.async { [self] in
            isStopped = true
            sources.forEach { $0.cancel() }
            sources = []
            fileSource?.cancel()
            fileSource = nil
            // A descriptor no source took over (stopped before it started) is closed here.
            if !isStarted {
                switch prepared {
                case .inotify(let descriptor), .kqueue(let descriptor): _ = close(descriptor)
                case .polling: break
                }
            }
        }
    }

    /// Reads and drops every pending inotify event: the caller compares signatures instead
    /// of looking at names.
    private static func drain(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 { continue }
            if count < 0, errno == EINTR { continue }
            return
        }
    }

    #if canImport(Darwin)
    /// Watches the folder (entries added, removed, renamed) and the file (written in place).
    private func armKqueue(folder descriptor: Int32) {
        let source = DispatchSource.makeFileSystemObjectSource(fileDescriptor: descriptor, eventMask: .write, queue: queue)
        source.setEventHandler { [self] in
            rearmFile()
            onEvent()
        }
        source.setCancelHandler { _ = close(descriptor) }
        sources.append(source)
        source.resume()
        rearmFile()
    }

    /// (Re)opens the file for events only, so that a file replaced by a rename is watched
    /// again. Only a regular file is opened (with `O_NONBLOCK`, so nothing can hang).
    private func rearmFile() {
        fileSource?.cancel()
        fileSource = nil
        guard !isStopped, let signature = FileSignature.of(path), signature.mode & 0o170_000 == 0o100_000 else { return }
        let descriptor = open(path, O_EVTONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        let source = DispatchSource.makeFileSystemObjectSource(fileDescriptor: descriptor, eventMask: [.write, .extend, .attrib, .delete, .rename, .revoke], queue: queue)
        source.setEventHandler { [self] in
            rearmFile()
            onEvent()
        }
        source.setCancelHandler { _ = close(descriptor) }
        fileSource = source
        source.resume()
    }
    #elseif canImport(Glibc)
    private func armKqueue(folder descriptor: Int32) {}
    #elseif canImport(Musl)
    private func armKqueue(folder descriptor: Int32) {}
    #endif
}
