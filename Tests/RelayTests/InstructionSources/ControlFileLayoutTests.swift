import RelayTestSupport
import Foundation
@testable import Relay
@testable import RelayInstructions
import Testing

/// The control file in the layouts drivers and deployments give it: each change must be
/// seen, however the path reaches the file.
@Suite("The control file through symbolic links, ConfigMaps and folders that come and go")
struct ControlFileLayoutTests {
    /// Writes `text` to `path` with the permissions Relay's trust rules want.
    private func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    }

    /// Replaces the symbolic link at `path` with one to `target`, atomically: a new link
    /// beside it, renamed over it.
    private func relink(_ path: String, to target: String) {
        let temporary = path + ".tmp"
        #expect(POSIX.symlink(target, temporary) == 0)
        #expect(POSIX.rename(temporary, path) == 0)
    }

    @Test("a Kubernetes ConfigMap mount: every update (a new ..data link renamed over the old, the old folder removed) is applied")
    func configMap() async throws {
        let fixture = try ControlFixture()
        defer { fixture.stop() }
        // The layout the kubelet writes in the mounted folder (here the fixture's):
        // control.relay -> ..data/control.relay, ..data -> ..<timestamp>/.
        let mount = fixture.directory.path
        var version = 0
        func update(to factory: String) throws {
            version += 1
            let folder = "..2026_11_27_12_00_0\(version).00000000\(version)"
            try FileManager.default.createDirectory(atPath: mount + "/" + folder, withIntermediateDirectories: false)
            try write(fixture.binding(factory) + "\n", to: mount + "/" + folder + "/control.relay")
            let old = try? FileManager.default.destinationOfSymbolicLink(atPath: mount + "/..data")
            relink(mount + "/..data", to: folder)
            if let old { try FileManager.default.removeItem(atPath: mount + "/" + old) }
        }
        try update(to: "RelayTests.DynBackend.Fixture")
        #expect(POSIX.symlink("..data/control.relay", fixture.controlPath) == 0)
        let launched = try fixture.registry().inject()
        #expect(launched.bindings.map(\.factory) == [.dynBackendFixture])
        for (number, factory) in ["Stub", "Fixture", "Stub", "Fixture"].enumerated() {
            try update(to: "RelayTests.DynBackend.\(factory)")
            let report = try await fixture.report(afterBatches: number + 1)
            #expect(report.generation == number + 1, "update \(number + 1)")
            #expect(report.control?.rejection == nil)
            #expect(fixture.backend() == factory.lowercased(), "update \(number + 1)")
        }
    }

    @Test("the control file's folder removed (an empty batch) and created again: the next batch is applied")
    func folderRecreated() async throws {
        let fixture = try ControlFixture()
        let folder = fixture.directory.file("control")
        let path = folder + "/control.relay"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { ControlSession.stop(path: path) }
        try fixture.registry(environment: ["RELAY_CONTROL": path]).inject()
        let session = try #require(ControlSession.running.withLock { $0[path] })
        func batches(_ count: Int) async -> DynamicInjectionReport {
            #expect(await eventually { (session.report.control?.batchesRead ?? 0) >= count })
            return session.report
        }

        try write(fixture.binding("RelayTests.DynBackend.Fixture") + "\n", to: path)
        #expect(await batches(1).generation == 1)
        #expect(fixture.backend() == "fixture")

        try FileManager.default.removeItem(atPath: folder)
        #expect(await batches(2).generation == 2, "a missing file is an empty batch")
        #expect(fixture.backend() == "stub")

        for (round, factory) in ["Fixture", "Stub", "Fixture"].enumerated() {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            try write(fixture.binding("RelayTests.DynBackend.\(factory)") + "\n", to: path)
            let report = await batches(3 + 2 * round)
            #expect(report.generation == 3 + 2 * round)
            #expect(fixture.backend() == factory.lowercased())
            try FileManager.default.removeItem(atPath: folder)
            #expect(await batches(4 + 2 * round).generation == 4 + 2 * round)
        }
    }

    @Test("a control file created as a symbolic link, its target replaced, and the link pointed elsewhere: each is applied")
    func symbolicLink() async throws {
        let fixture = try ControlFixture()
        defer { fixture.stop() }
        try fixture.registry().inject()
        let first = fixture.directory.file("first.relay")
        let second = fixture.directory.file("second.relay")
        try write(fixture.binding("RelayTests.DynBackend.Fixture") + "\n", to: first)
        try write("# the second\n", to: second)

        #expect(POSIX.symlink(first, fixture.controlPath) == 0)
        #expect(try await fixture.report(afterBatches: 1).generation == 1)
        #expect(fixture.backend() == "fixture")

        // The target replaced by a rename: the link now leads to another file.
        let replacement = fixture.directory.file(".first.new")
        try write(fixture.binding("RelayTests.DynBackend.Stub") + "\n", to: replacement)
        #expect(POSIX.rename(replacement, first) == 0)
        #expect(try await fixture.report(afterBatches: 2).generation == 2)
        #expect(fixture.backend() == "stub")

        // The link pointed at the other file.
        relink(fixture.controlPath, to: "second.relay")
        let report = try await fixture.report(afterBatches: 3)
        #expect(report.generation == 3)
        #expect(report.sources.first?.absence == "empty batch")
        #expect(fixture.backend() == "stub", "an empty batch restores the launch's -d stub")
    }

    @Test("a file's signature follows links each time, and is that of nothing for a missing file, a dangling link or a loop")
    func signatures() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("a.relay", "a\n")
        let link = directory.file("link")
        #expect(FileSignature(path: directory.file("missing")) == .missing)
        #expect(POSIX.symlink("a.relay", link) == 0)
        #expect(FileSignature(path: link) == FileSignature(path: file))
        #expect(FileSignature(path: link).exists)
        #expect(POSIX.symlink("nowhere", directory.file("dangling")) == 0)
        #expect(FileSignature(path: directory.file("dangling")) == .missing)
        #expect(POSIX.symlink("loop", directory.file("loop")) == 0)
        #expect(FileSignature(path: directory.file("loop")) == .missing)
        let before = FileSignature(path: link)
        try directory.write("a.relay", "ab\n")
        #expect(FileSignature(path: link) != before, "written in place: another size")
    }
}
