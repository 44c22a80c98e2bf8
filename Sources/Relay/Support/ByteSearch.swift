#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Searches over whole byte buffers, for the parsers that read source text as UTF-8 bytes
/// in place: the C library's `memchr` (vectorised on every platform Relay supports) and
/// tests of eight bytes at a time, instead of loops that look at one byte per iteration.
/// A 1 MiB `.relay` file is one million bytes, and these loops ran over each of them
/// several times.
enum ByteSearch {
    /// The index of the first `byte` in `buffer` at or after `start`; `buffer.count` when
    /// there is none.
    static func firstIndex(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        assert(start >= 0, "a search starting before the buffer")
        guard start < buffer.count, let base = buffer.baseAddress else { return buffer.count }
        guard let found = memchr(base + start, Int32(byte), buffer.count - start) else { return buffer.count }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// How many times `byte` occurs in `buffer`.
    static func count(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        var index = firstIndex(of: byte, in: buffer, from: 0)
        while index < buffer.count {
            count += 1
            index = firstIndex(of: byte, in: buffer, from: index + 1)
        }
        return count
    }

    /// The index of the first `byte` in `range` of `buffer`, if any.
    static func firstIndex(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, within range: Range<Int>) -> Int? {
        assert(range.lowerBound >= 0 && range.upperBound <= buffer.count, "a search outside the buffer")
        guard !range.isEmpty, let base = buffer.baseAddress,
              let found = memchr(base + range.lowerBound, Int32(byte), range.count) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    // MARK: Eight bytes at a time

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes at `index` of `buffer` (which must hold them) as one word, in
    /// memory order; the tests below do not depend on the byte order.
    @inline(__always)
    static func word(at index: Int, of buffer: UnsafeBufferPointer<UInt8>) -> UInt64 {
        UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped + index).loadUnaligned(as: UInt64.self)
    }

    /// Whether any of the eight bytes of `word` is below 0x20 (a C0 control, tab, LF or
    /// CR), 0x7F (DEL) or 0xC2 (the first byte of a C1 control, U+0080…U+009F) — the bytes
    /// a text check must look at more closely.
    @inline(__always)
    static func mayNeedCloserLook(_ word: UInt64) -> Bool {
        isFlagged(below(0x20, in: word) | matches(0x7F, in: word) | matches(0xC2, in: word))
    }

    /// A word whose byte high bits flag the bytes of `word` equal to `byte` — or at least
    /// one of them: the classic "has a zero byte" test, `(x - 0x01…01) & ~x & 0x80…80`, can
    /// misplace which byte it flags (a borrow), but it flags some byte exactly when one
    /// matches. So combine these with `|` and ask ``isFlagged(_:)`` once; never read
    /// positions from them.
    @inline(__always)
    static func matches(_ byte: UInt8, in word: UInt64) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x
    }

    /// Like ``matches(_:in:)``, for the bytes of `word` below `limit` (at most 128).
    @inline(__always)
    static func below(_ limit: UInt8, in word: UInt64) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word
    }

    /// Whether any of the eight bytes of `word` is above 0x7F (not ASCII).
    @inline(__always)
    static func hasNonASCII(_ word: UInt64) -> Bool {
        word & highs != 0
    }

    /// Whether a combination of ``matches(_:in:)`` and ``below(_:in:)`` flags any byte.
    @inline(__always)
    static func isFlagged(_ bits: UInt64) -> Bool {
        bits & highs != 0
    }
}
