import RelayTestSupport
import Foundation
@testable import Relay
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

    /// `standard()` with `-d` binding the stub, the control file, and the report file.
    func registry(policy: DynamicInjectionPolicy = .enabled, environment extra: [String: String] = [:]) -> DynamicDependencyRegistry {
        var registry = DynamicDependencyRegistry.standard(
            index: makeDynIndex(),
            policy: policy,
            arguments: ["-d", binding("RelayTests.DynBackend.Stub")],
            environment: ["RELAY_CONTROL": controlPath, "RELAY_REPORT_PATH": reportURL.path, "RELAY_EXPLAIN": "1"].merging(extra) { _, new in new },
            workingDirectory: directory.path
        )
        registry.outputs?.writeError = { [stderr] text in stderr.withLock { $0 += text } }
        return registry
    }

    /// Replaces the control file atomically with `lines`.
    func write(_ lines: [String]) throws {
        try Data((lines.map { $0 + "\n" }.joined()).utf8).write(to: URL(fileURLWithPath: controlPath), options: .atomic)
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
        ControlSession.stop(channel: controlPath)
    }
}

/// Whether `condition` holds within `timeout` seconds, checked every millisecond.
func eventually(within timeout: TimeInterval = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(1_000)
    }
    return condition()
}

@Suite("The control channel: RELAY_CONTROL re-injects a running program")
struct ControlChannelTests {
    @Test("a control file batch is applied over -d, a bad batch changes nothing and is reported, an empty file restores the launch bindings")
    func fileBatches() throws {
        let fixture = try ControlFixture()
        defer { fixture.stop() }
        let launched = try fixture.registry().inject()
        #expect(launched.generation == 0)
        #expect(launched.control?.channel == fixture.controlPath)
        #expect(launched.control?.batchesRead == 0)
        #if os(Linux)
        #expect(launched.control?.mechanism == "inotify")
        #endif
        #expect(fixture.backend() == "stub")
        let heldByAnObject = try fixture.container.tryResolve(DynBackend.self)

        // A batch: the fixture replaces the -d stub (a control batch sits above the command line).
        try fixture.write([fixture.binding("RelayTests.DynBackend.Fixture")])
        #expect(eventually { fixture.backend() == "fixture" })
        #expect(eventually { fixture.report()?.generation == 1 })
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
        #expect(eventually { fixture.report()?.control?.batchesRead == 2 })
        let rejected = try #require(fixture.report())
        #expect(rejected.generation == 1)
        #expect(rejected.bindings.map(\.factory) == [.dynBackendFixture])
        let rejection = try #require(rejected.control?.rejection)
        #expect(rejection.batch == 2)
        #expect(rejection.error.description.hasPrefix("\(fixture.controlPath):1:1: error: unknown factory key 'RelayTests.DynBackend.Fixtur'"), "\(rejection.error)")
        #expect(fixture.backend() == "fixture")
        #expect(try fixture.container.tryResolve(DynBackend.self) === built, "a rejected batch keeps even the singletons")
        #expect(eventually { fixture.stderr.withLock { $0 }.contains("Relay control batch 2 from \(fixture.controlPath) rejected; the bindings of generation 1 stay in force:\n\(fixture.controlPath):1:1: error: unknown factory key") })

        // An empty batch: back to what the launch-time sources say.
        try fixture.write([])
        #expect(eventually { fixture.report()?.generation == 2 })
        #expect(fixture.backend() == "stub")
        #expect(fixture.report()?.control?.rejection == nil)
        // Printed right after the report file is written.
        #expect(eventually { fixture.stderr.withLock { $0 }.contains("Relay dynamic injection (generation 2): 1 binding from command line; nothing from \(fixture.controlPath) (empty batch)") })
    }

    @Test("the control file as it is at start-up is read with the other sources, above -d, and is not a batch")
    func startupFile() throws {
        let fixture = try ControlFixture()
        defer { fixture.stop() }
        try fixture.write(["# set before the launch", fixture.binding("RelayTests.DynBackend.Fixture")])
        let report = try fixture.registry().inject()
        #expect(report.generation == 0)
        #expect(report.control?.batchesRead == 0)
        #expect(report.bindings.map(\.origin.description) == ["\(fixture.controlPath):2:1"])
        #expect(fixture.backend() == "fixture")
        // Nothing changed since: no batch follows.
        usleep(100_000)
        #expect(fixture.report()?.control?.batchesRead == 0)
    }

    @Test("RELAY_CONTROL_WATCH=poll polls the file instead, with the same result")
    func polling() throws {
        let fixture = try ControlFixture()
        defer { fixture.stop() }
        let report = try fixture.registry(environment: ["RELAY_CONTROL_WATCH": "poll"]).inject()
        #expect(report.control?.mechanism == "polling every 25 ms")
        try fixture.write([fixture.binding("RelayTests.DynBackend.Fixture")])
        #expect(eventually { fixture.backend() == "fixture" })
        #expect(eventually { fixture.report()?.generation == 1 })
    }

    @Test("a batch that drops a scope's only binding clears that scope's injected layer")
    func droppedScope() throws {
        let fixture = try ControlFixture()
        defer { fixture.stop() }
        let other = uniqueScope()
        DependencyContainer.container(for: other).register(DynBackend.self) { _ in DynLiveBackend() }
        try fixture.write(["type=RelayTests.DynBackend,factory=RelayTests.DynBackend.Fixture,scope=\(other.name)"])
        try fixture.registry().inject()
        #expect(DependencyContainer.container(for: other).resolve(DynBackend.self).name == "fixture")
        try fixture.write([fixture.binding("RelayTests.DynBackend.Fixture")])
        #expect(eventually { fixture.report()?.generation == 1 })
        #expect(DependencyContainer.container(for: other).resolve(DynBackend.self).name == "live")
        #expect(fixture.backend() == "fixture")
    }

    @Test("with the policy off the control file is never examined: no channel, no stat, no read, no report")
    func policyOff() throws {
        let fixture = try ControlFixture()
        // A FIFO: opening it for reading would block until a writer comes.
        #expect(mkfifo(fixture.controlPath, 0o600) == 0)
        let registry = fixture.registry(policy: .disabled)
        #expect(registry.control == nil)
        let report = try registry.inject()
        #expect(report.control == nil)
        #expect(ControlFileChannel.examined.withLock { $0[fixture.controlPath] } == nil)
        #expect(ControlSession.running.withLock { $0[fixture.controlPath] } == nil)
        #expect(fixture.report() == nil)
        #expect(fixture.backend() == "live")
        // The same set-up with the policy on does examine it (and rejects the FIFO unopened).
        #expect(throws: DynamicInjectionError.self) { try fixture.registry().inject() }
        #expect(ControlFileChannel.examined.withLock { $0[fixture.controlPath] } != nil)
    }

    @Test("RELAY_CONTROL=- is standard input: the policy off makes no channel either")
    func policyOffStandardInput() {
        let registry = DynamicDependencyRegistry.standard(index: makeDynIndex(), policy: .disabled, arguments: [], environment: ["RELAY_CONTROL": "-"])
        #expect(registry.control == nil)
        let enabled = DynamicDependencyRegistry.standard(index: makeDynIndex(), policy: .enabled, arguments: [], environment: ["RELAY_CONTROL": "-"])
        #expect(enabled.control is StandardInputControlChannel)
    }

    @Test("standard input is cut into batches at lines '---', whatever the chunks; a batch over the limit is skipped to its separator")
    func framing() {
        let text = "a=1\n---\nb=2\r\n---\r\n\n---\nthis line is much too long for the limit\n---\nc=3"
        for chunkSize in [1, 2, 5, 1000] {
            let remaining = Locked(Array(text.utf8))
            let batches = StandardInputBatches { _ in
                remaining.withLock { bytes in
                    defer { bytes.removeFirst(min(chunkSize, bytes.count)) }
                    return Array(bytes.prefix(chunkSize))
                }
            }
            var read: [StandardInputBatches.Batch] = []
            while let batch = batches.next(maxBytes: 20) { read.append(batch) }
            #expect(read == [.text(Array("a=1\n".utf8)), .text(Array("b=2\r\n".utf8)), .text(Array("\n".utf8)), .tooLarge, .text(Array("c=3".utf8))], "chunks of \(chunkSize)")
        }
    }

    @Test("-d - reads the first batch at start-up; later batches on the pipe are applied by the channel")
    func standardInputBatches() throws {
        let fixture = try ControlFixture()
        let pipe = Pipe()
        let batches = StandardInputBatches { count in
            let data = pipe.fileHandleForReading.availableData   // blocks until bytes or the end
            return Array(data.prefix(count))
        }
        var registry = DynamicDependencyRegistry(
            index: makeDynIndex(),
            sources: [CommandLineInstructionSource(arguments: ["-d", "-"], standardInput: StandardInputInstructionSource(reader: batches.firstBatchReader()))],
            policy: .enabled
        )
        registry.control = StandardInputControlChannel(batches: batches)
        registry.outputs = InjectionOutputs(environment: ["RELAY_REPORT_PATH": fixture.reportURL.path], workingDirectory: fixture.directory.path)
        defer {
            ControlSession.stop(channel: "<stdin>")
            try? pipe.fileHandleForWriting.close()
        }
        let write = { (text: String) in pipe.fileHandleForWriting.write(Data(text.utf8)) }
        write(fixture.binding("RelayTests.DynBackend.Stub") + "\n---\n")
        let report = try registry.inject()
        #expect(report.control?.mechanism == "standard input")
        #expect(report.bindings.map(\.origin.description) == ["<stdin>:1:1"])
        #expect(fixture.backend() == "stub")

        write("# batch 1\n" + fixture.binding("RelayTests.DynBackend.Fixture") + "\n---\n")
        #expect(eventually { fixture.backend() == "fixture" })
        #expect(eventually { fixture.report()?.generation == 1 })
        #expect(fixture.report()?.bindings.map(\.origin.description) == ["<stdin>:2:1"])
        #expect(fixture.report()?.bindings.first?.overridden.map(\.origin.description) == ["<stdin>:1:1"])

        write("type=RelayTests.DynBackend\n---\n")
        #expect(eventually { fixture.report()?.control?.batchesRead == 2 })
        #expect(fixture.report()?.control?.rejection?.diagnostics.first?.origin.description == "<stdin>:1:1")
        #expect(fixture.backend() == "fixture")
    }
}

/// Batches swapped while 8 threads resolve: run under the thread sanitizer by CI.
@Suite("Control channel stress: batches swapped while 8 threads resolve")
struct ControlChannelStressTests {
    @Test("every resolve sees one whole generation; the applying thread's next resolve sees its batch")
    func swapsWhileResolving() throws {
        let fixture = try ControlFixture()
        defer { fixture.stop() }
        try fixture.registry(environment: ["RELAY_EXPLAIN": ""]).inject()
        let session = try #require(ControlSession.running.withLock { $0[fixture.controlPath] })
        let done = Locked(false)
        let unexpected = Locked<[String]>([])
        let factories = ["RelayTests.DynBackend.Fixture", "RelayTests.DynBackend.Stub"]
        let resolvers = DispatchGroup()
        for _ in 0..<8 {
            resolvers.enter()
            Thread {
                let container = DependencyContainer.container(for: fixture.scope)
                while !done.withLock({ $0 }) {
                    for _ in 0..<100 {
                        let name = (try? container.tryResolve(DynBackend.self).name) ?? "unresolvable"
                        if name != "stub" && name != "fixture" { unexpected.withLock { $0.append(name) } }
                    }
                }
                resolvers.leave()
            }.start()
        }
        // Batches straight into the session (as the watcher delivers them), a bad one every fifth…
        for number in 0..<200 {
            let factory = number % 5 == 4 ? "RelayTests.DynBackend.Nope" : factories[number % 2]
            let instruction = try DependencyInjectionInstruction(parsing: fixture.binding(factory))
            session.apply(ControlBatch(name: "stress", result: .success([LocatedInstruction(instruction: instruction, origin: .custom(source: "stress", line: number + 1, column: nil))])))
            if number % 5 != 4 {
                let expected = factory.hasSuffix("Stub") ? "stub" : "fixture"
                #expect(fixture.backend() == expected, "batch \(number)")
            }
        }
        // … and a few through the file and its watcher.
        for number in 0..<6 {
            let generation = session.report.generation
            try fixture.write([fixture.binding(factories[number % 2])])
            #expect(eventually { session.report.generation > generation })
        }
        done.withLock { $0 = true }
        resolvers.wait()
        #expect(unexpected.withLock { $0 }.isEmpty)
        #expect(session.report.generation == 160 + 6)
        #expect(session.report.control?.batchesRead == 206)
    }
}
