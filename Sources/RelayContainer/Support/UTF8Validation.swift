#if RELAY_DRIVABLE // machinery: only the sources, the formatter and `relay` use this
/// Finds where bytes stop being UTF-8, so that a message can point at the bad byte instead
/// of at a U+FFFD that decoding put in its place.
package enum UTF8Validation {
    /// The first byte of `bytes` that is not valid UTF-8, and the 1-based column (counted in
    /// Unicode scalars) where it stands; `nil` when all of it is UTF-8.
    package static func firstInvalidByte(in bytes: some Collection<UInt8>) -> (column: Int, byte: UInt8)? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = bytes.startIndex
        var column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .emptyInput:
                return nil
            case .error:
                return (column, bytes[offset])
            case .valid(let encoded):
                offset = bytes.index(offset, offsetBy: encoded.count)
                column += 1
            }
        }
    }

    /// `0xFF`.
    package static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count == 1 ? "0" + digits : digits)
    }
}
#endif
