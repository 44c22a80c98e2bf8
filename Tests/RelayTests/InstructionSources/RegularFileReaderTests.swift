import Testing
@testable import Relay
@testable import RelayInstructions
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `RegularFileReader.readAll` sizes its buffer from what the caller expects (a file's
/// `st_size`): whatever that guess, it returns exactly the bytes there are, up to the limit.
@Suite("Sources: reading a file whatever its expected size")
struct RegularFileReaderTests {
    /// A file of `count` bytes (a repeating pattern), open for reading at its start.
    private func file(of count: Int) throws -> (descriptor: Int32, bytes: [UInt8]) {
        let descriptor = POSIX.unlinkedTemporaryFile(template: "/tmp/relay-reader-XXXXXX")
        try #require(descriptor >= 0)
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 % 251) }
        try #require(POSIX.write(descriptor, bytes) == bytes.count)
        try #require(lseek(descriptor, 0, SEEK_SET) == 0)
        return (descriptor, bytes)
    }

    @Test(arguments: [0, 1, 100, 200_000, 200_001, 1_000_000])
    func readsEveryByteWhateverTheExpectedSize(expected: Int) throws {
        // Larger than the first buffer for an unknown size, so that a guess too small
        // grows the buffer more than once.
        let (descriptor, bytes) = try file(of: 200_000)
        defer { _ = close(descriptor) }
        #expect(try RegularFileReader.readAll(descriptor, upTo: 1_000_000, expectedSize: expected).get() == bytes)
    }

    @Test(arguments: [0, 10, 200_000])
    func stopsAtTheLimit(expected: Int) throws {
        let (descriptor, bytes) = try file(of: 200_000)
        defer { _ = close(descriptor) }
        #expect(try RegularFileReader.readAll(descriptor, upTo: 150_001, expectedSize: expected).get() == Array(bytes.prefix(150_001)))
    }

    @Test func readsAnEmptyFile() throws {
        let (descriptor, _) = try file(of: 0)
        defer { _ = close(descriptor) }
        #expect(try RegularFileReader.readAll(descriptor, upTo: 10, expectedSize: 0).get() == [])
    }
}
