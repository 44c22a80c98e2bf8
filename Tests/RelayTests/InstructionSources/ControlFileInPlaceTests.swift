import RelayTestSupport
import Foundation
@testable import Relay
@testable import RelayInstructions
import Testing

/// A control file written in place (truncated, then written — `echo … > file`, most
/// editors) or created by a writer that has not finished (`{ echo a; sleep 1; echo b; } >
/// file`) passes through empty and half-written versions; none of them may be applied.
@Suite("The control file written in place: never read half-written, never read twice")
struct ControlFileInPlaceTests {
    /// A signature as `stat` would give it, with its times in whole seconds.
    private func signature(inode: UInt64, size: UInt64, modified: Int64, statusChanged: Int64) -> FileSignature {
        FileSignature(device: 1, inode: inode, size: size, permissions: 0o644,
                      modified: .init(seconds: modified, nanoseconds: 0), statusChanged: .init(seconds: statusChanged, nanoseconds: 0))
    }

    @Test("a version renamed into place after its last write is complete; an empty one, or one not changed since its last write (new file, new inode or the same), may be half-written")
    func completeness() {
        #expect(!FileSignature.missing.mayBeHalfWritten)
        #expect(!signature(inode: 1, size: 9, modified: 10, statusChanged: 11).mayBeHalfWritten, "renamed, chmod-ed or its modification time set back after the write")
        #expect(signature(inode: 1, size: 9, modified: 10, statusChanged: 10).mayBeHalfWritten, "written, and nothing since")
        #expect(signature(inode: 1, size: 0, modified: 10, statusChanged: 11).mayBeHalfWritten, "empty: every truncating write passes through one")
        #expect(signature(inode: 1, size: 9, modified: 10, statusChanged: 10) == signature(inode: 1, size: 9, modified: 10, statusChanged: 11),
                "the status-change time does not tell versions apart: a rename sets it just after the file appears")
    }

    @Test("a complete version is read at the first look; one that may be half-written — a new file, a new inode, the same inode, or empty — once it held still; a read that overlapped a change does not count")
    func versions() throws {
        let renamed = signature(inode: 1, size: 6, modified: 100, statusChanged: 101)
        let renamedAgain = signature(inode: 2, size: 7, modified: 102, statusChanged: 103)
        let created = signature(inode: 3, size: 6, modified: 104, statusChanged: 104)
        let createdWhole = signature(inode: 3, size: 12, modified: 105, statusChanged: 105)
        let newInode = signature(inode: 4, size: 12, modified: 106, statusChanged: 106)
        let rewritten = signature(inode: 4, size: 20, modified: 107, statusChanged: 107)
        let empty = signature(inode: 4, size: 0, modified: 108, statusChanged: 108)

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
        look("renamed", renamed)
        read("renamed, then renamed again", renamed, then: renamedAgain)
        look("renamed again", renamedAgain)
        read("renamed again", renamedAgain, then: renamedAgain)
        look("renamed again", renamedAgain)
        look("created", created)
        look("created", created)
        look("created whole", createdWhole)
        look("created whole", createdWhole)
        look("created whole", createdWhole)
        look("created whole", createdWhole)
        read("created whole", createdWhole, then: createdWhole)
        look("missing", .missing)
        read("missing", .missing, then: .missing)
        look("new inode", newInode)
        look("new inode", newInode)
        look("new inode", newInode)
        look("new inode", newInode)
        read("new inode", newInode, then: newInode)
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
            "look missing: false",                       // the version read is not read again
            "look renamed: true",                        // renamed into place: read at once
            "read renamed, then renamed again: false",   // …but the file changed during the read
            "look renamed again: true",                  // the version found right after the read
            "read renamed again: true",
            "look renamed again: false",
            "look created: false",                       // a new file, first write: three more looks
            "look created: false",
            "look created whole: false",                 // it grew: the count starts again
            "look created whole: false",
            "look created whole: false",
            "look created whole: true",
            "read created whole: true",
            "look missing: true",                        // removed: an empty batch at once
            "read missing: true",
            "look new inode: false",                     // created again: three more looks
            "look new inode: false",
            "look new inode: false",
            "look new inode: true",
            "read new inode: true",
            "look rewritten: false",                     // the same inode written in place
            "look rewritten: false",
            "look empty: false",                         // replaced before it held still: never read
            "look rewritten: false",                     // and the count starts again
            "look rewritten: false",
            "look rewritten: false",
            "look rewritten: true",
            "read rewritten: true",
            "look empty: false",                         // an empty file (mid-truncate?): three more looks
            "look empty: false",
            "look empty: false",
            "look empty: true",
        ])
        #expect(versions.read == rewritten)
    }

    /// Runs `script` with `/bin/sh -c` in `folder`, as an operator's shell would, and
    /// waits for it to finish.
    private func shell(_ script: String, in folder: String) throws {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "umask 022; " + script]
        shell.currentDirectoryURL = URL(fileURLWithPath: folder)
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0, "sh -c \(script)")
    }

    @Test("a control file written by a shell in two writes — a new file, one written over, one removed and created again — is applied once, whole")
    func shellRedirection() async throws {
        let fixture = try ControlFixture()
        defer { fixture.stop() }
        try fixture.registry().inject()
        let session = try fixture.session()
        var batches = 0
        /// Waits for the next batch; checks it bound `factory` from the file's second line
        /// (the first line alone binds nothing: a batch read half-way is an empty one).
        func expectWholeBatch(_ factory: String, _ what: String) async {
            batches += 1
            let number = batches
            #expect(await eventually { (session.report.control?.batchesRead ?? 0) >= number }, "\(what): batch \(number) not read within 60 s")
            let report = session.report
            #expect(report.control?.batchesRead == number, "\(what)")
            #expect(report.control?.rejection == nil, "\(what)")
            #expect(report.generation == number, "\(what)")
            #expect(report.bindings.map(\.origin.description) == ["\(fixture.controlPath):2:1"], "\(what): batch \(number) was read half-written")
            #expect(fixture.backend() == factory.lowercased(), "\(what)")
        }
        func writeInTwo(_ factory: String) throws {
            try shell("{ echo '# written in two writes'; sleep 0.05; echo '\(fixture.binding("RelayTests.DynBackend.\(factory)"))'; } > control.relay", in: fixture.directory.path)
        }

        try writeInTwo("Fixture")
        await expectWholeBatch("Fixture", "a new file")
        try writeInTwo("Stub")
        await expectWholeBatch("Stub", "the same file written over")
        for round in 1...2 {
            try FileManager.default.removeItem(atPath: fixture.controlPath)
            batches += 1
            let number = batches
            #expect(await eventually { (session.report.control?.batchesRead ?? 0) >= number }, "the removal, round \(round)")
            #expect(session.report.sources.first?.absence == "empty batch", "the removal, round \(round)")
            try writeInTwo(round == 1 ? "Fixture" : "Stub")
            await expectWholeBatch(round == 1 ? "Fixture" : "Stub", "created again, round \(round)")
        }
        // Renamed into place: the next batch read is this one, so nothing was read in between.
        try fixture.write([fixture.binding("RelayTests.DynBackend.Fixture")])
        batches += 1
        let last = batches
        #expect(await eventually { (session.report.control?.batchesRead ?? 0) >= last })
        #expect(session.report.control?.batchesRead == last)
        #expect(session.report.generation == last)
        #expect(fixture.backend() == "fixture")
    }
}
