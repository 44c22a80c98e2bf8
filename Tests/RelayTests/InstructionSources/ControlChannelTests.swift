import RelayTestSupport
import Foundation
@testable import Relay
@testable import RelayInstructions
import Testing

/// A program's control channel (`RELAY_CONTROL`), through the standard entry point, each
/// test in a scope of its own.
struct ControlFixture {
    let directory: TemporaryDirectory
    let scope: DependencyContainerScope
    let stderr = Locked("")
    let controlPath: String
    var reportURL: URL { directory.url.appendingPathComponent("report.json") }
    var container: DependencyContainer { DependencyContainer.container(for: scope) }

    init(_ name: String = #function) throws {
        directory = try TemporaryDirectory()
        scope = uniqueScope(name)
        controlPath = directory.url.appendingPathComponent("control.relay").path
        DependencyContainer.container(for: scope).register(DynBackend.self) { _ in DynLiveBackend() }
    }

    /// An instruction binding DynBackend in this scope to `factory`.
    func binding(_ factory: String) -> String {
        "type=RelayTests.DynBackend,factory=\(factory),scope=\(scope.name)"
    }

    /// `standard()` with `-d` binding the stub (unless `arguments` says otherwise), the
    /// control file, and the report file; what `RELAY_EXPLAIN` prints goes to ``stderr``.
    func registry(policy: DynamicInjectionPolicy = .enabled, arguments: [String]? = nil, environment extra: [String: String] = [:]) -> DynamicDependencyRegistry {
        var registry = DynamicDependencyRegistry.standard(
            index: makeDynIndex(),
            policy: policy,
            arguments: arguments ?? ["-d", binding("RelayTests.DynBackend.Stub")],
            environment: ["RELAY_CONTROL": controlPath, "RELAY_REPORT_PATH": reportURL.path, "RELAY_EXPLAIN": "1"].merging(extra) { _, new in new },
            workingDirectory: directory.path
        )
        registry.outputs?.writeError = { [stderr] text in stderr.withLock { $0 += text } }
        return registry
    }

    /// Replaces the control file atomically with `lines`, as RunningProgram.reinject does:
    /// written beside it, its modification time set back (finished: read at the next look),
    /// renamed over it.
    func write(_ lines: [String]) throws {
        let temporary = directory.file(".control.\(UUID().uuidString)")
        try Data((lines.map { $0 + "\n" }.joined()).utf8).write(to: URL(fileURLWithPath: temporary))
        try FileManager.default.setAttributes([.posixPermissions: 0o644, .modificationDate: Date(timeIntervalSinceNow: -1)], ofItemAtPath: temporary)
        #expect(POSIX.rename(temporary, controlPath) == 0)
    }

    /// Rewrites the control file in place, as `echo … > file` does: truncated, then written.
    func writeInPlace(_ lines: [String]) throws {
        if !FileManager.default.fileExists(atPath: controlPath) {
            #expect(FileManager.default.createFile(atPath: controlPath, contents: nil, attributes: [.posixPermissions: 0o644]))
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: controlPath))
        defer { try? handle.close() }
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(lines.map { $0 + "\n" }.joined().utf8))
    }

    /// The running session of this test's control file.
    func session() throws -> ControlSession {
        try #require(ControlSession.running.withLock { $0[controlPath] })
    }

    /// Waits (up to 10 s) until the session has read `batches` batches; returns its report.
    func report(afterBatches batches: Int) async throws -> DynamicInjectionReport {
        let session = try session()
        #expect(await eventually { (session.report.control?.batchesRead ?? 0) >= batches }, "batch \(batches) not read within 60 s")
        return session.report
    }

    /// The report file as last written.
    func report() -> DynamicInjectionReport? {
        (try? Data(contentsOf: reportURL)).flatMap { try? JSONDecoder().decode(DynamicInjectionReport.self, from: $0) }
    }

    /// The backend's name as resolved now.
    func backend() -> String {
        (try? container.tryResolve(DynBackend.self).name) ?? "unresolvable"
    }

    /// Stops this test's channel.
    func stop() {
        ControlSession.stop(path: controlPath)
    }
}

/// Whether `condition` holds within `timeout` seconds, checked every millisecond.
func eventually(within timeout: TimeInterval = 60, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(1_000)
    }
    return condition()
}

/// ``eventually(within:_:)`` for an async test: it waits without holding one of the few
/// threads every async test shares (a loaded 2-core runner has two).
func eventually(within timeout: TimeInterval = 60, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return condition()
}

@Suite("The control channel: RELAY_CONTROL re-injects a running program")
struct ControlChannelTests {
    @Test("a control file batch is applied over -d, a bad batch changes nothing and is reported, an empty file restores the launch bindings")
    func fileBatches() async throws {
        let fixture = try ControlFixture()
        defer { fixture.stop() }
        let launched = try fixture.registry().inject()
        #expect(launched.generation == 0)
        #expect(launched.control?.channel == fixture.controlPath)
        #expect(launched.control?.batchesRead == 0)
        #expect(launched.control?.mechanism == "polling every 100 ms")
        #expect(fixture.backend() == "stub")
        let heldByAnObject = try fixture.container.tryResolve(DynBackend.self)

        // A batch: the fixture replaces the -d stub (a control batch sits above the command line).
        try fixture.write([fixture.binding("RelayTests.DynBackend.Fixture")])
        #expect(await eventually { fixture.backend() == "fixture" })
        #expect(await eventually { fixture.report()?.generation == 1 })
        let first = try #require(fixture.report())
        #expect(first.control?.batchesRead == 1)
        #expect(first.control?.rejection == nil)
        #expect(first.bindings.map(\.factory) == [.dynBackendFixture])
        #expect(first.bindings.first?.overridden.map(\.origin.description) == ["argv[1]"])
        #expect(first.sources.map(\.name) == [fixture.controlPath, "command line", "$RELAY_DEPENDENCIES"])
        #expect(heldByAnObject.name == "stub", "what an object already holds stays")
        // The singleton built from the replaced binding is gone; the new one is built once.
        let built = try fixture.container.tryResolve(DynBackend.self)
        #expect(try fixture.container.tryResolve(DynBackend.self) === built)

        // A bad batch: nothing changes, the report says why, RELAY_EXPLAIN prints it.
        try fixture.write([fixture.binding("RelayTests.DynBackend.Fixtur")])
        #expect(await eventually { fixture.report()?.control?.batchesRead == 2 })
        let rejected = try #require(fixture.report())
        #expect(rejected.generation == 1)
        #expect(rejected.bindings.map(\.factory) == [.dynBackendFixture])
        let rejection = try #require(rejected.control?.rejection)
        #expect(rejection.batch == 2)
        #expect(rejection.error.description.hasPrefix("\(fixture.controlPath):1:1: error: unknown factory key 'RelayTests.DynBackend.Fixtur'"), "\(rejection.error)")
        #expect(fixture.backend() == "fixture")
        #expect(try fixture.container.tryResolve(DynBackend.self) === built, "a rejected batch keeps even the singletons")
        #expect(await eventually { fixture.stderr.withLock { $0 }.contains("Relay control batch 2 from \(fixture.controlPath) rejected; the bindings of generation 1 stay in force:\n\(fixture.controlPath):1:1: error: unknown factory key") })

        // An empty batch: back to what the launch-time sources say.
        try fixture.write([])
        #expect(await eventually { fixture.report()?.generation == 2 })
        #expect(fixture.backend() == "stub")
        #expect(fixture.report()?.control?.rejection == nil)
        #expect(fixture.report()?.control?.batchesRead == 3, "the rejected batch was counted once, and not read again")
        // Printed right after the report file is written.
        #expect(await eventually { fixture.stderr.withLock { $0 }.contains("Relay dynamic injection (generation 2): 1 binding from command line; nothing from \(fixture.controlPath) (empty batch)") })
    }

    @Test("the report file's rejection decodes to the error the program printed")
    func rejectionRoundTrip() async throws {
        let fixture = try ControlFixture()
        defer { fixture.stop() }
        try fixture.registry().inject()
        try fixture.write(["type=RelayTests.DynBackend"])
        #expect(await eventually { fixture.report()?.control?.batchesRead == 1 })
        let rejection = try #require(fixture.report()?.control?.rejection)
        // Printed right after the report file is written.
        #expect(await eventually { fixture.stderr.withLock { $0 }.contains("rejected; the bindings of generation 0 stay in force:\n\(rejection.error)\n") })
        #expect(rejection.error.diagnostics.first?.origin.description == "\(fixture.controlPath):1:1")
    }

    @Test("the control file as it is at start-up is read with the other sources, above -d, and is not a batch")
    func startupFile() async throws {
        let fixture = try ControlFixture()
        defer { fixture.stop() }
        try fixture.write(["# set before the launch", fixture.binding("RelayTests.DynBackend.Fixture")])
        let report = try fixture.registry().inject()
        #expect(report.generation == 0)
        #expect(report.control?.batchesRead == 0)
        #expect(report.bindings.map(\.origin.description) == ["\(fixture.controlPath):2:1"])
        #expect(fixture.backend() == "fixture")
        // The next change is the first batch: the start-up version was never read again.
        try fixture.write([fixture.binding("RelayTests.DynBackend.Stub")])
        let next = try await fixture.report(afterBatches: 1)
        #expect(next.control?.batchesRead == 1)
        #expect(next.generation == 1)
        #expect(fixture.backend() == "stub")
    }

    @Test("RELAY_CONTROL_INTERVAL sets how often the file is looked at; a value that is not a number of milliseconds is an error naming the variable")
    func interval() async throws {
        let fixture = try ControlFixture()
        defer { fixture.stop() }
        let report = try fixture.registry(environment: ["RELAY_CONTROL_INTERVAL": "5"]).inject()
        #expect(report.control?.mechanism == "polling every 5 ms")
        try fixture.write([fixture.binding("RelayTests.DynBackend.Fixture")])
        #expect(try await fixture.report(afterBatches: 1).generation == 1)
        #expect(fixture.backend() == "fixture")
        fixture.stop()

        for bad in ["0", "fast", "20ms", "10001"] {
            #expect {
                try fixture.registry(environment: ["RELAY_CONTROL_INTERVAL": bad]).inject()
            } throws: { error in
                "\(error)" == "$RELAY_CONTROL_INTERVAL: error: '\(bad)' is not a whole number of milliseconds from 1 to 10000; unset it for the default, 100"
            }
        }
    }

    @Test("RELAY_CONTROL=- is an error that says to name a file; launch-time -d - is unaffected")
    func standardInputIsNotAChannel() async throws {
        let fixture = try ControlFixture()
        let registry = DynamicDependencyRegistry.standard(
            index: makeDynIndex(), policy: .enabled, arguments: ["-d", fixture.binding("RelayTests.DynBackend.Stub")],
            environment: ["RELAY_CONTROL": "-"], workingDirectory: fixture.directory.path
        )
        #expect {
            try registry.inject()
        } throws: { error in
            "\(error)" == "$RELAY_CONTROL: error: standard input is not a control channel: name a file instead (RELAY_CONTROL=control.relay), then replace that file to send each batch — written beside it and renamed over it"
        }
        #expect(fixture.backend() == "live", "nothing was registered")
        #expect(ControlSession.running.withLock { $0["-"] } == nil)
    }

    @Test("a batch that drops a scope's only binding clears that scope's injected layer")
    func droppedScope() async throws {
        let fixture = try ControlFixture()
        defer { fixture.stop() }
        let other = uniqueScope()
        DependencyContainer.container(for: other).register(DynBackend.self) { _ in DynLiveBackend() }
        try fixture.write(["type=RelayTests.DynBackend,factory=RelayTests.DynBackend.Fixture,scope=\(other.name)"])
        try fixture.registry().inject()
        #expect(DependencyContainer.container(for: other).resolve(DynBackend.self).name == "fixture")
        try fixture.write([fixture.binding("RelayTests.DynBackend.Fixture")])
        #expect(await eventually { fixture.report()?.generation == 1 })
        #expect(DependencyContainer.container(for: other).resolve(DynBackend.self).name == "live")
        #expect(fixture.backend() == "fixture")
    }

    @Test("with the policy off RELAY_CONTROL is never looked at: a FIFO there is not touched, a bad setting is no error, only the report saying the policy is off is written")
    func policyOff() async throws {
        let fixture = try ControlFixture()
        // A FIFO: reading it with the policy on is an error; opening it would block.
        #expect(POSIX.mkfifo(fixture.controlPath, 0o600) == 0)
        let report = try fixture.registry(policy: .disabled, environment: ["RELAY_CONTROL_INTERVAL": "never"]).inject()
        #expect(report.control == nil)
        #expect(report.sources.allSatisfy { $0.absence?.hasPrefix("not read") == true })
        #expect(fixture.report() == report)
        #expect(!report.policy.isEnabled && report.bindings.isEmpty)
        #expect(fixture.backend() == "live")
        #expect(fixture.stderr.withLock { $0 }.hasPrefix("Relay dynamic injection is off in this build"))
        #expect(ControlSession.running.withLock { $0[fixture.controlPath] } == nil)
        // The same set-up with the policy on does look: the FIFO is rejected, unopened.
        #expect {
            try fixture.registry().inject()
        } throws: { error in
            "\(error)".contains(fixture.controlPath) && "\(error)".contains("FIFO")
        }
    }
}
