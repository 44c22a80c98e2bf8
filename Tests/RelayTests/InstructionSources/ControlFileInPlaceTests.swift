import RelayTestSupport
import Foundation
@testable import Relay
@testable import RelayInstructions
import Testing

/// A control file rewritten in place (truncated, then written — `echo … > file`, most
/// editors) passes through empty and half-written versions; none of them may be applied.
@Suite("The control file written in place: never read half-written, never read twice")
struct ControlFileInPlaceTests {
    @Test("a replacing version is read at the first look; one written in place, or empty, once it held still; a read that overlapped a change does not count")
    func versions() throws {
        let directory = try TemporaryDirectory()
        let first = FileSignature(path: try directory.write("first", "first\n"))
        let second = FileSignature(path: try directory.write("second", "second\n"))
        let third = FileSignature(path: try directory.write("third", "third\n"))
        let rewritten = FileSignature(path: try directory.write("third", "third, rewritten in place\n"))
        let empty = FileSignature(path: try directory.write("empty", ""))
        #expect(Set([FileSignature.missing, first, second, third, rewritten, empty]).count == 6)

        var versions = ControlFile.Versions(read: .missing, inPlaceLooks: 3)
        // Each step: a look (or a read's end), and whether the file is read (or the read counts).
        var steps: [String] = []
        func look(_ name: String, _ version: FileSignature) {
            steps.append("look \(name): \(versions.look(version))")
        }
        func read(_ name: String, _ before: FileSignature, then after: FileSignature) {
            steps.append("read \(name): \(versions.finishRead(of: before, after: after))")
        }
        look("missing", .missing)
        look("first", first)
        read("first, then second", first, then: second)
        look("second", second)
        read("second", second, then: second)
        look("second", second)
        look("third", third)
        read("third", third, then: third)
        look("rewritten", rewritten)
        look("rewritten", rewritten)
        look("empty", empty)
        look("rewritten", rewritten)
        look("rewritten", rewritten)
        look("rewritten", rewritten)
        look("rewritten", rewritten)
        read("rewritten", rewritten, then: rewritten)
        look("empty", empty)
        look("empty", empty)
        look("empty", empty)
        look("empty", empty)
        #expect(steps == [
            "look missing: false",                // the version read is not read again
            "look first: true",                   // a file that replaced the last one: read at once
            "read first, then second: false",     // …but the file changed during the read
            "look second: true",                  // the version found right after the read
            "read second: true",
            "look second: false",
            "look third: true",
            "read third: true",
            "look rewritten: false",              // the same file, written in place: three more looks
            "look rewritten: false",
            "look empty: false",                  // replaced before it held still: never read
            "look rewritten: false",              // and the count starts again
            "look rewritten: false",
            "look rewritten: false",
            "look rewritten: true",
            "read rewritten: true",
            "look empty: false",                  // an empty file (mid-truncate?): three more looks
            "look empty: false",
            "look empty: false",
            "look empty: true",
        ])
        #expect(versions.read == rewritten)
    }
}
