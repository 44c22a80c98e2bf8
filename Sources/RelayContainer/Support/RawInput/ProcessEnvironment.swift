// Raw input: the process's environment, working directory and file system, read with the
// C library, so that a release build that uses Relay links no Foundation (on Linux, the
// Foundation libraries and their ICU data are tens of megabytes in a static binary).

#if canImport(Darwin)
import Darwin
import Foundation // `environ` is not visible to Swift on Apple platforms; Foundation is part of the OS there
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What the library reads from the process itself: environment variables, the working
/// directory, whether a file exists. Values that are not UTF-8 are repaired with U+FFFD,
/// as `ProcessInfo` does.
@usableFromInline package enum ProcessEnvironment {
    /// The value of environment variable `name`; `nil` when it is unset.
    package static func value(_ name: String) -> String? {
        guard let pointer = getenv(name) else { return nil }
        return String(cString: pointer)
    }

    #if RELAY_DRIVABLE // machinery: the environment source points at a byte that is not UTF-8
    /// The bytes of environment variable `name`, unrepaired; `nil` when it is unset.
    package static func bytes(_ name: String) -> [UInt8]? {
        guard let pointer = getenv(name) else { return nil }
        return Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) }
    }
    #endif

    /// Every environment variable of the process, by name.
    @usableFromInline package static func all() -> [String: String] {
        #if canImport(Darwin)
        return ProcessInfo.processInfo.environment
        #elseif canImport(Glibc) || canImport(Musl)
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            // NAME=value; an entry without a name or an `=` is skipped, as getenv(3) would.
            if let equals = strchr(pointer, 0x3D), equals != pointer {
                let name = String(decoding: UnsafeRawBufferPointer(start: pointer, count: equals - pointer), as: UTF8.self)
                // The first definition wins, as getenv(3) finds it.
                if variables[name] == nil { variables[name] = String(cString: equals + 1) }
            }
            entry += 1
        }
        return variables
        #endif
    }

    /// The process's working directory; `"."` when it cannot be read (removed, or too
    /// long for `PATH_MAX`), which resolves relative paths the same way.
    @usableFromInline package static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        return buffer.withUnsafeMutableBufferPointer { buffer in
            guard let pointer = getcwd(buffer.baseAddress, buffer.count) else { return "." }
            return String(cString: pointer)
        }
    }

    /// Whether something exists at `path` (following symbolic links), as far as the process
    /// may look.
    package static func fileExists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }
}
