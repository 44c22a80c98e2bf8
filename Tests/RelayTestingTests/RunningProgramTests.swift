import Foundation
import Relay
import RelayTestSupport
@testable import RelayTesting
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// `DriverLaunch.start()` and `RunningProgram`, against the built `RelayTestingFixture`
/// (Sources/RelayTestingFixture: its arguments are steps such as `out TEXT`, `sleep 0.2`,
/// `port-file PATH N`, `inject`, `ignore-term`, `forever`).
@Suite("Running programs")
struct RunningProgramTests {
    /// The fixture, running `steps`.
    static func fixture(_ steps: String...) -> DriverLaunch {
        DriverLaunch(.product("RelayTestingFixture"), arguments: steps)
    }

    /// Whether no process `pid` exists any more — not even a zombie waiting to be reaped.
    static func isGone(_ pid: Int32) -> Bool {
        kill(pid, 0) == -1 && errno == ESRCH
    }

    /// Waits up to `seconds` for `isGone(pid)`.
    static func waitUntilGone(_ pid: Int32, within seconds: Double = 60) async throws -> Bool {
        let start = DispatchTime.now()
        while DriverLaunchTests.seconds(since: start) < seconds {
            if isGone(pid) { return true }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        return isGone(pid)
    }

    // MARK: Waiting for a line

    @Test("a wait returns the line as soon as it is printed, on the stream asked for")
    func lineWait() async throws {
        let program = try Self.fixture("sleep", "0.2", "err", "warming up", "out", "ready to serve", "forever").start()
        #expect(try await program.waitForLine(containing: "ready") == "ready to serve")
        #expect(try await program.waitForLine(containing: "warming", on: .standardError) == "warming up")
        #expect(try await program.waitForLine(on: .standardOutput) { $0.hasSuffix("serve") } == "ready to serve", "lines already printed count")
        let wrongStream = await #expect(throws: DriverLaunchError.self) {
            try await program.waitForLine(containing: "ready", on: .standardError, timeout: 0.3)
        }
        guard case .waitTimedOut = wrongStream else {
            Issue.record("expected waitTimedOut, got \(String(describing: wrongStream))")
            return
        }
        #expect(program.standardOutput == "ready to serve\n")
        #expect(program.standardError == "warming up\n")
        await program.terminate()
    }

    @Test("several tasks can wait on one program at once")
    func concurrentWaits() async throws {
        let program = try Self.fixture("out", "one", "sleep", "0.2", "err", "two", "forever").start()
        async let one = program.waitForLine(containing: "one")
        async let two = program.waitForLine(containing: "two", on: .standardError)
        #expect(try await [one, two] == ["one", "two"])
        await program.terminate()
    }

    // MARK: Waiting for a port

    @Test("a port written to a file in the working directory, with a trailing newline")
    func portFile() async throws {
        let program = try Self.fixture("sleep", "0.2", "port-file", "port", "4711", "forever").start()
        #expect(try await program.waitForPort(writtenTo: "port") == 4711)
        #expect(try await program.waitForPort(writtenTo: program.workingDirectory.appendingPathComponent("port").path) == 4711)
        await program.terminate()
    }

    @Test("a port printed after a prefix; a line where no port follows the prefix is skipped")
    func printedPort() async throws {
        let program = try Self.fixture("out", "listening on port ?", "sleep", "0.1", "err", "info: listening on port 52114 (http)", "forever").start()
        #expect(try await program.waitForPort(printedAfter: "listening on port ") == 52114)
        await program.terminate()
    }

    @Test("the port after a prefix, unit by unit")
    func portParsing() {
        #expect(RunningProgram.port(in: "listening on port 8080", after: "port ") == 8080)
        #expect(RunningProgram.port(in: "port x, then port 99", after: "port ") == 99)
        #expect(RunningProgram.port(in: "port 0", after: "port ") == nil)
        #expect(RunningProgram.port(in: "port 70000", after: "port ") == nil)
        #expect(RunningProgram.port(in: "no port here", after: "listening on ") == nil)
    }

    // MARK: Failing fast, timing out

    @Test("a program that exits before the line fails the wait at the exit, with its status and all its output")
    func exitedEarly() async throws {
        let program = try Self.fixture("out", "starting", "sleep", "0.2", "err", "fatal: ServerDidNotStart()", "exit", "3").start()
        // A ten-minute time-out: `exitedEarly` (not `waitTimedOut`) shows the exit ended
        // the wait.
        let error = await #expect(throws: DriverLaunchError.self) {
            try await program.waitForLine(containing: "listening", timeout: 600)
        }
        guard case let .exitedEarly(command, waitingFor, run) = error else {
            Issue.record("expected exitedEarly, got \(String(describing: error))")
            return
        }
        #expect(command.first == "RelayTestingFixture")
        #expect(waitingFor == #"a line containing "listening" on standard output or standard error"#)
        #expect(run.exitStatus == 3 && run.signal == nil, "\(run)")
        #expect(run.standardOutput == "starting\n" && run.standardError == "fatal: ServerDidNotStart()\n", "\(run)")
        #expect(error?.description == """
            RelayTestingFixture out starting sleep 0.2 err 'fatal: ServerDidNotStart()' exit 3 ended while the test waited for \
            a line containing "listening" on standard output or standard error: exit status 3
            --- standard output ---
            starting
            --- standard error ---
            fatal: ServerDidNotStart()

            """)
        #expect(await program.terminate() == run, "the same run, afterwards")
    }

    @Test("a program whose own child keeps its output open still counts as ended, half a second after its exit")
    func grandchildHoldsThePipes() async throws {
        // The background `sleep` inherits the pipes and outlives the shell; it prints its pid.
        let program = try DriverLaunch(DriverLaunchTests.shell, arguments: ["-c", "sleep 600 & echo $!; exit 2"]).start()
        let error = await #expect(throws: DriverLaunchError.self) { try await program.waitForLine(containing: "never", timeout: 60) }
        guard case let .exitedEarly(_, _, run) = error, let grandchild = Int32(run.standardOutput.trimmingCharacters(in: .newlines)) else {
            Issue.record("expected exitedEarly with the grandchild's pid, got \(String(describing: error))")
            return
        }
        #expect(kill(grandchild, 0) == 0, "the wait ended while the grandchild still held the pipes")
        #expect(run.exitStatus == 2, "\(run)")
        #expect(await program.terminate() == run, "the same run")
        #expect(try await Self.waitUntilGone(grandchild), "terminate() ends what is left of the program's process group")
    }

    @Test("the program leads a process group of its own; terminate and a dropped handle end the whole group")
    func processGroup() async throws {
        let script = "trap '' TERM; sleep 600 & echo $!; wait"
        let program = try DriverLaunch(DriverLaunchTests.shell, arguments: ["-c", script]).start()
        let child = try #require(Int32(try await program.waitForLine(on: .standardOutput) { !$0.isEmpty }))
        #expect(getpgid(program.processIdentifier) == program.processIdentifier)
        #expect(getpgid(child) == program.processIdentifier)
        let run = await program.terminate(gracePeriod: 0.5)
        #expect(run.signal == SIGKILL, "the shell ignores SIGTERM: \(run)")
        #expect(try await Self.waitUntilGone(child))

        var dropped: RunningProgram? = try DriverLaunch(DriverLaunchTests.shell, arguments: ["-c", "sleep 600 & echo $!; exit 0"]).start()
        let grandchild = try #require(Int32(try await dropped?.waitForLine(on: .standardOutput) { !$0.isEmpty } ?? ""))
        _ = try await dropped?.waitForExit()
        dropped = nil
        #expect(try await Self.waitUntilGone(grandchild), "the handle's release ends what the exited program left in its group")
    }

    #if os(Linux)
    @Test("a descendant that started its own session is not reached, but the run still ends and releases its pipes")
    func descendantInItsOwnSession() async throws {
        let program = try DriverLaunch(DriverLaunchTests.shell, arguments: ["-c", "setsid sh -c 'echo $$; touch up; exec sleep 600' & while [ ! -e up ]; do sleep 0.05; done; echo spawned"]).start()
        let daemon = try #require(Int32(try await program.waitForLine(on: .standardOutput) { $0.allSatisfy(\.isNumber) && !$0.isEmpty }))
        defer { kill(daemon, SIGKILL) }
        let run = try await program.waitForExit()
        #expect(run.standardOutputLines == ["\(daemon)", "spawned"], "\(run)")
        await program.terminate()
        #expect(kill(daemon, 0) == 0, "setsid() took it out of the program's process group")
    }
    #endif

    @Test("a port wait fails as soon as the program is killed by a signal")
    func exitedBySignalWhileWaitingForPort() async throws {
        let program = try Self.fixture("out", "started", "forever").start()
        _ = try await program.waitForLine(containing: "started")
        let waiter = Task { try await program.waitForPort(writtenTo: "port", timeout: 30) }
        kill(program.processIdentifier, SIGKILL)
        let error = await #expect(throws: DriverLaunchError.self) { try await waiter.value }
        guard case let .exitedEarly(_, waitingFor, run) = error else {
            Issue.record("expected exitedEarly, got \(String(describing: error))")
            return
        }
        #expect(waitingFor == "a port number in the file 'port'")
        #expect(run.signal == SIGKILL, "\(run)")
        #expect(error?.description.contains("ended while the test waited for a port number in the file 'port': terminated by signal \(SIGKILL)\n") == true)
    }

    @Test("a program that crashes at start-up fails the wait at once with its crash text, not after Swift's backtracer")
    func crashAtStartUp() async throws {
        let program = try Self.fixture("err", "starting", "trap").start()
        let error = await #expect(throws: DriverLaunchError.self) { try await program.waitForPort(writtenTo: "port", timeout: 600) }
        guard case let .exitedEarly(_, _, run) = error else {
            Issue.record("expected exitedEarly, got \(String(describing: error))")
            return
        }
        #expect(run.terminatedBySignal, "\(run)")
        #expect(run.standardError.hasPrefix("starting\n"), "\(run)")
        #expect(run.standardError.contains("Fatal error: fixture trap"), "the crash text is kept: \(run)")
        // The backtracer's report ("💣 Program crashed", then the symbolicated frames) is
        // what kept a crashed program alive for seconds; it is off for launched programs.
        #expect(!run.standardError.contains("Program crashed"), "\(run)")
    }

    @Test("SWIFT_BACKTRACE is enable=no in the program unless the launch or the inherited environment sets it")
    func backtracerOffByDefault() async throws {
        var launch = Self.fixture("env", "SWIFT_BACKTRACE")
        launch.inheritsEnvironment = false
        #expect(try await launch.run().standardOutput == "SWIFT_BACKTRACE=enable=no\n")
        launch.environment["SWIFT_BACKTRACE"] = "enable=yes,interactive=no"
        #expect(try await launch.run().standardOutput == "SWIFT_BACKTRACE=enable=yes,interactive=no\n")
        let inherited = Self.fixture().childEnvironment(inheriting: ["SWIFT_BACKTRACE": "enable=yes", "RELAY_X": "1"])
        #expect(inherited == ["SWIFT_BACKTRACE": "enable=yes"])
    }

    @Test("a wait that times out says what it waited for and leaves the program running")
    func waitTimesOut() async throws {
        let program = try Self.fixture("out", "started", "forever").start()
        _ = try await program.waitForLine(containing: "started", timeout: 60)
        let error = await #expect(throws: DriverLaunchError.self) {
            try await program.waitForLine(containing: "never", on: .standardOutput, timeout: 0.3)
        }
        guard case let .waitTimedOut(_, waitingFor, timeout, standardOutput, standardError) = error else {
            Issue.record("expected waitTimedOut, got \(String(describing: error))")
            return
        }
        #expect(waitingFor == #"a line containing "never" on standard output"#)
        #expect(timeout == 0.3 && standardOutput == "started\n" && standardError.isEmpty)
        #expect(error?.description.hasPrefix(#"RelayTestingFixture out started forever is still running, but a line containing "never" on standard output did not appear within 0.3 seconds"#) == true)
        #expect(kill(program.processIdentifier, 0) == 0, "still running")
        let run = await program.terminate()
        #expect(run.signal == SIGTERM, "\(run)")
    }

    @Test("an endless time-out still fails at the exit; a time-out of zero or less fails at once")
    func extremeTimeOuts() async throws {
        let exiting = try Self.fixture("sleep", "0.2", "exit", "1").start()
        await #expect(throws: DriverLaunchError.self) { try await exiting.waitForLine(containing: "never", timeout: .infinity) }
        let running = try Self.fixture("forever").start()
        for timeout in [0, -1, TimeInterval.nan] {
            let error = await #expect(throws: DriverLaunchError.self) { try await running.waitForPort(printedAfter: "port ", timeout: timeout) }
            guard case .waitTimedOut = error else {
                Issue.record("expected waitTimedOut for \(timeout), got \(String(describing: error))")
                continue
            }
        }
        await running.terminate()
    }

    // MARK: Stopping

    @Test("terminate returns all the output, partial last line included, and the signal; a second call returns the same run")
    func terminateByDefaultSignal() async throws {
        let program = try Self.fixture("out", "one", "err", "two", "partial", "three", "forever").start()
        _ = try await program.waitForLine(containing: "two")
        let run = await program.terminate()
        #expect(run.standardOutput == "one\nthree" && run.standardError == "two\n", "\(run)")
        #expect(run.terminatedBySignal && run.signal == SIGTERM && run.exitStatus == SIGTERM, "\(run)")
        #expect(await program.terminate() == run)
        #expect(try await Self.waitUntilGone(program.processIdentifier), "reaped")
    }

    @Test("a program that handles SIGTERM exits with its own status, and what it printed on the way out is kept")
    func terminateGracefully() async throws {
        let program = try Self.fixture("on-term", "shutting down", "out", "started", "forever").start()
        _ = try await program.waitForLine(containing: "started")
        let run = await program.terminate()
        #expect(run.exitStatus == 0 && run.signal == nil, "\(run)")
        #expect(run.standardOutputLines == ["started", "shutting down"], "\(run)")
    }

    @Test("a program that ignores SIGTERM is killed with SIGKILL after the grace period")
    func terminateIgnored() async throws {
        let program = try Self.fixture("ignore-term", "out", "started", "forever").start()
        _ = try await program.waitForLine(containing: "started")
        let start = DispatchTime.now()
        let run = await program.terminate(gracePeriod: 0.5)
        let elapsed = DriverLaunchTests.seconds(since: start)
        #expect(elapsed >= 0.5, "the grace period first: \(elapsed) seconds")
        #expect(run.signal == SIGKILL, "\(run)")
        #expect(run.standardOutput == "started\n", "\(run)")
    }

    @Test("waitForExit returns the run of a program that ends by itself; at its time-out the program is stopped")
    func waitForExit() async throws {
        let done = try await Self.fixture("out", "done", "exit", "0").start().waitForExit()
        #expect(done.exitStatus == 0 && done.standardOutput == "done\n", "\(done)")

        let hanging = try Self.fixture("out", "started", "forever").start()
        _ = try await hanging.waitForLine(containing: "started", timeout: 60)
        let error = await #expect(throws: DriverLaunchError.self) { try await hanging.waitForExit(timeout: 0.3) }
        guard case .timedOut(_, 0.3, "started\n", "") = error else {
            Issue.record("expected timedOut with the output, got \(String(describing: error))")
            return
        }
        #expect(try await Self.waitUntilGone(hanging.processIdentifier))
    }

    // MARK: Cancellation and orphans

    @Test("cancelling a waiting task terminates the program, throws CancellationError, and keeps the output; no orphan")
    func cancellation() async throws {
        let program = try Self.fixture("out", "started", "forever").start()
        _ = try await program.waitForLine(containing: "started")
        let waiter = Task { try await program.waitForLine(containing: "never", timeout: 60) }
        try await Task.sleep(nanoseconds: 200_000_000)
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(try await Self.waitUntilGone(program.processIdentifier), "terminated by the time the wait threw, then reaped")
        let run = await program.terminate()
        #expect(run.standardOutput == "started\n" && run.signal == SIGTERM, "\(run)")
    }

    @Test("cancelling waitForExit stops the program too; concurrent terminate calls get the same run")
    func cancelWaitForExit() async throws {
        let program = try Self.fixture("out", "started", "forever").start()
        _ = try await program.waitForLine(containing: "started")
        let waiter = Task { try await program.waitForExit() }
        try await Task.sleep(nanoseconds: 100_000_000)
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        async let first = program.terminate()
        async let second = program.terminate()
        let runs = await [first, second]
        #expect(runs[0] == runs[1] && runs[0].standardOutput == "started\n" && runs[0].signal == SIGTERM, "\(runs)")
        #expect(try await Self.waitUntilGone(program.processIdentifier))
    }

    @Test("a task cancelled before it waits stops the program too")
    func cancelledBeforeWaiting() async throws {
        let program = try Self.fixture("forever").start()
        await #expect(throws: CancellationError.self) {
            try await withThrowingTaskGroup(of: Int.self) { group in
                // A task added to a cancelled group is cancelled before it starts.
                group.cancelAll()
                group.addTask { try await program.waitForPort(writtenTo: "port") }
                return try await group.next()
            }
        }
        #expect(try await Self.waitUntilGone(program.processIdentifier))
    }

    @Test("dropping the handle of a running program kills and reaps it, and removes its temporary directory")
    func droppedHandle() async throws {
        var program: RunningProgram? = try Self.fixture("ignore-term", "out", "started", "forever").start()
        let pid = try #require(program?.processIdentifier)
        let directory = try #require(program?.workingDirectory)
        _ = try await program?.waitForLine(containing: "started")
        #expect(kill(pid, 0) == 0, "running")
        program = nil
        #expect(try await Self.waitUntilGone(pid), "process \(pid) is still there")
        let removed = try await { () async throws -> Bool in
            for _ in 0..<250 where FileManager.default.fileExists(atPath: directory.path) {
                try await Task.sleep(nanoseconds: 20_000_000)
            }
            return !FileManager.default.fileExists(atPath: directory.path)
        }()
        #expect(removed, "\(directory.path) was not removed")
    }

    @Test("a test that fails while the program runs leaves no process behind")
    func failingTestLeavesNoOrphan() async throws {
        struct TestFailed: Error {}
        let pid = Locked<Int32>(0)
        await #expect(throws: TestFailed.self) {
            let program = try Self.fixture("out", "started", "forever").start()
            pid.withLock { $0 = program.processIdentifier }
            _ = try await program.waitForLine(containing: "started")
            throw TestFailed()
        }
        let processIdentifier = pid.withLock { $0 }
        #expect(try await Self.waitUntilGone(processIdentifier), "process \(processIdentifier) is still there")
    }

    // MARK: Injection report

    @Test("the injection report can be read while the program runs, and is nil before there is one")
    func injectionReportWhileRunning() async throws {
        let stubs = LaunchArgumentBuilder(arguments: [
            DependencyInstructionLaunchArgument(type: "Fixture.Greeting", factory: "Fixture.Greeting.Stub"),
        ])
        let idle = try Self.fixture("out", "started", "forever").start()
        _ = try await idle.waitForLine(containing: "started")
        #expect(try idle.injectionReport() == nil)
        await idle.terminate()

        let program = try DriverLaunch(.product("RelayTestingFixture"), dependencies: stubs, channel: .environment, arguments: ["inject", "forever"]).start()
        #expect(try await program.waitForLine(containing: "greeting:") == "greeting: hello from the stub")
        let report = try #require(try program.injectionReport())
        #expect(report.bindings.map(\.factory) == ["Fixture.Greeting.Stub"])
        #expect(report.bindings.map(\.origin.description) == ["$RELAY_DEPENDENCIES:1:1"])
        let run = await program.terminate()
        #expect(try program.injectionReport() == report, "still there after the end")
        #expect(try run.injectionReport() == report)
    }
}
