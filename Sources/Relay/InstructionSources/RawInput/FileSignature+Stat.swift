#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension FileSignature {
    /// The signature of the file at `path` now, with one `stat`: symbolic links are
    /// followed by the system, anew at each call, so a link that now points elsewhere gives
    /// the signature of its new target; a dangling link, a loop, a missing file or one that
    /// cannot be looked at is ``missing``. Unlike `FileManager.attributesOfItem`, it never
    /// turns the owner's and group's ids into names (which reads `/etc/passwd` and
    /// `/etc/group`, or asks a directory service).
    init(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            self = .missing
            return
        }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        let changed = info.st_ctimespec
        #elseif canImport(Glibc) || canImport(Musl)
        let modified = info.st_mtim
        let changed = info.st_ctim
        #endif
        self.init(
            device: UInt64(truncatingIfNeeded: info.st_dev),
            inode: UInt64(truncatingIfNeeded: info.st_ino),
            size: UInt64(truncatingIfNeeded: info.st_size),
            permissions: UInt32(info.st_mode),
            modified: Time(seconds: Int64(modified.tv_sec), nanoseconds: Int64(modified.tv_nsec)),
            statusChanged: Time(seconds: Int64(changed.tv_sec), nanoseconds: Int64(changed.tv_nsec))
        )
    }
}
#endif
