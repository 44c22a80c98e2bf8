import Foundation
import Relay
import RelayTestSupport
@testable import RelayTesting
import Testing

/// `RunningProgram.reinject`, against the built `RelayTestingFixture`, whose
/// `watch-greeting` step resolves its `Greeting` every 5 ms and prints each change.
@Suite("Re-injecting a running program")
struct ReinjectionTests {
    static let stub = "type=Fixture.Greeting,factory=Fixture.Greeting.Stub"
    static let other = "type=Fixture.Greeting,factory=Fixture.Greeting.Other"

    /// The fixture with the stub on its command line, a control file, and `watch-greeting`.
    static func start() throws -> RunningProgram {
        var launch = DriverLaunch(.product("RelayTestingFixture"), arguments: ["-d", stub, "inject", "watch-greeting"])
        launch.allowsReinjection = true
        return try launch.start()
    }

    /// Waits for the `occurrence`-th line equal to `line`.
    static func waitForLine(_ line: String, occurrence: Int = 1, on program: RunningProgram) async throws {
        let seen = Locked(0)
        _ = try await program.waitForLine(on: .standardOutput) { candidate in
            candidate == line && seen.withLock { count in
                count += 1
                return count == occurrence
            }
        }
    }

    @Test("a batch changes what the running program resolves, a bad batch throws and changes nothing, an empty batch restores the launch bindings")
    func changesBindingsWhileRunning() async throws {
        let program = try Self.start()
        try await Self.waitForLine("greeting: hello from the stub", on: program)

        let applied = try await program.reinject([Self.other])
        #expect(applied.generation == 1)
        #expect(applied.bindings.map(\.factory) == ["Fixture.Greeting.Other"])
        try await Self.waitForLine("greeting: hello from the other stub", on: program)

        let error = await #expect(throws: ReinjectionError.self) {
            try await program.reinject(["type=Fixture.Greeting,factory=Fixture.Greeting.Nope"])
        }
        guard case let .rejected(rejection, generation)? = error else {
            Issue.record("expected a rejection, got \(String(describing: error))")
            return
        }
        #expect(generation == 1)
        #expect(rejection.description.contains("control.relay:1:1: error: unknown factory key 'Fixture.Greeting.Nope'"), "\(rejection)")
        #expect(try program.injectionReport()?.bindings.map(\.factory) == ["Fixture.Greeting.Other"])

        let back = try await program.reinject(LaunchArgumentBuilder())
        #expect(back.generation == 2)
        #expect(back.bindings.map(\.factory) == ["Fixture.Greeting.Stub"])
        try await Self.waitForLine("greeting: hello from the stub", occurrence: 3, on: program)   // "inject" and the watch printed two

        let run = await program.terminate()
        #expect(run.standardOutputLines == [
            "greeting: hello from the stub", "greeting: hello from the stub",
            "greeting: hello from the other stub", "greeting: hello from the stub",
        ], "\(run)")
    }

    @Test("without allowsReinjection there is no control file: reinject throws notAllowed")
    func notAllowed() async throws {
        let program = try DriverLaunch(.product("RelayTestingFixture"), arguments: ["inject", "forever"]).start()
        await #expect(throws: ReinjectionError.notAllowed) {
            try await program.reinject([Self.other])
        }
        await program.terminate()
    }
}
