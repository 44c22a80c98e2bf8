import RelayTestSupport
import Foundation
@testable import Relay
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

    @Test("60 batches written in place while 8 threads resolve: each applied once, whole, in order")
    func inPlaceUnderLoad() throws {
        let fixture = try ControlFixture()
        defer { fixture.stop() }
        // No -d: an empty or half-written batch would bring back the code's `live`.
        try fixture.registry(arguments: []).inject()
        let session = try fixture.session()
        let done = Locked(false)
        // Set once the first batch is applied: from then on only its stubs may be resolved.
        let counting = Locked(false)
        let seen = Locked<Set<String>>([])
        let resolvers = DispatchGroup()
        for _ in 0..<8 {
            resolvers.enter()
            Thread {
                let container = fixture.container
                var names = Set<String>()
                while !done.withLock({ $0 }) {
                    let counts = counting.withLock { $0 }
                    for _ in 0..<100 {
                        let name = (try? container.tryResolve(DynBackend.self).name) ?? "unresolvable"
                        if counts { names.insert(name) }
                    }
                    // Busy, not hogging: 8 threads that never sleep keep the writer off both
                    // cores for longer than any settle time a person would wait (the stress
                    // test, ControlChannelStressTests, resolves without pause).
                    usleep(50)
                }
                seen.withLock { $0.formUnion(names) }
                resolvers.leave()
            }.start()
        }
        // Each batch is 40 comment lines, then the binding: every prefix of it binds nothing.
        let batches = 60
        let padding = (1...40).map { "# padding line \($0) of a batch written in place, so that a prefix binds nothing" }
        for number in 1...batches {
            let factory = number % 2 == 0 ? "Stub" : "Fixture"
            try fixture.writeInPlace(["# batch \(number)"] + padding + [fixture.binding("RelayTests.DynBackend.\(factory)")])
            #expect(eventually { session.report.generation >= number }, "batch \(number) not applied within 10 s")
            let report = session.report
            guard report.generation == number, report.control?.batchesRead == number else {
                Issue.record("after batch \(number): generation \(report.generation), batches read \(report.control?.batchesRead ?? 0)")
                break
            }
            #expect(fixture.backend() == factory.lowercased(), "batch \(number)")
            counting.withLock { $0 = true }
        }
        // One more, atomically: nothing was read between the last batch and this one.
        try fixture.write([fixture.binding("RelayTests.DynBackend.Fixture")])
        #expect(eventually { (session.report.control?.batchesRead ?? 0) > batches })
        done.withLock { $0 = true }
        resolvers.wait()
        #expect(session.report.generation == batches + 1)
        #expect(session.report.control?.batchesRead == batches + 1)
        // Every generation printed (RELAY_EXPLAIN, right after the report) bound the batch's
        // one instruction.
        func printed() -> [Substring] {
            fixture.stderr.withLock { $0 }.split(separator: "\n").filter { $0.hasPrefix("Relay dynamic injection (generation ") }
        }
        #expect(eventually { printed().count == batches + 1 })
        let lines = printed()
        let partial = lines.filter { !$0.contains("): 1 binding from \(fixture.controlPath);") }
        #expect(lines.count == batches + 1)
        #expect(partial.isEmpty, "\(partial.count) partial batches applied: \(partial.prefix(3))")
        #expect(!fixture.stderr.withLock { $0 }.contains("rejected"))
        #expect(seen.withLock { $0 } == ["stub", "fixture"], "resolvers saw only whole batches")
    }
}
