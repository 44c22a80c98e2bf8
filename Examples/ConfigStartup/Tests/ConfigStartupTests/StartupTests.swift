import Relay
import RelayTesting
import Testing

/// The program name goes in front, and Relay's -d words stay out: the configuration sees
/// --port wherever the -d words stand, and the stub is injected.
@Suite("swift-configuration's command line next to -d")
struct StartupTests {
    static let stub = "type=ConfigStartup.TodoRepository,factory=ConfigStartup.TodoRepository.InMemory"

    @Test("--port is read whether -d comes before it or after it", arguments: [
        ["-d", stub, "--port", "9090"],
        ["--port", "9090", "-d", stub],
        ["--port", "9090", "--dependency=\(stub)"],
    ])
    func portAndStub(_ arguments: [String]) async throws {
        let run = try await DriverLaunch(.product("config-startup"), arguments: arguments).run()
        #expect(run.standardOutputLines == ["port 9090, todos in memory"], "\(run)")
    }

    @Test("without -d the server runs on its defaults")
    func defaults() async throws {
        let run = try await DriverLaunch(.product("config-startup"), arguments: ["--port", "9191"]).run()
        #expect(run.standardOutputLines == ["port 9191, todos in PostgreSQL"], "\(run)")
    }
}
