#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The process's own arguments as the bytes the kernel gave, so that sources can point at a
/// byte that is not UTF-8 (Swift's `CommandLine.arguments` has already replaced it with
/// U+FFFD). An environment variable's bytes: ``ProcessEnvironment/bytes(_:)``.
enum ProcessArguments {
    /// `argv` without the program name, each argument's bytes.
    static func raw() -> [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let pointer = CommandLine.unsafeArgv[index] else { return [] }
            return Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) }
        }
    }
}
#endif
