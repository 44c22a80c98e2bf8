import Foundation
import Relay
import RelayTesting
import Testing
@testable import ForecastServer

/// The sunny provider and the fixed clock, as `-d` instructions (or any other channel).
let sunnyPiDay = LaunchArgumentBuilder(arguments: [
    DependencyInstructionLaunchArgument(type: .weatherProvider, factory: .weatherSunny),
    DependencyInstructionLaunchArgument(type: .wallClock, factory: .wallClockFixed),
])

/// What the server prints on standard output once it listens, before the port.
let listening = "forecast-server listening on port "

/// Stops `server` with SIGTERM and checks that it shut down gracefully: status 0, no signal,
/// no error on standard error.
func stopCleanly(_ server: RunningProgram) async -> DriverRun {
    let run = await server.terminate()
    #expect(run.exitStatus == 0 && !run.terminatedBySignal, "\(run)")
    #expect(!run.standardError.localizedCaseInsensitiveContains("error"), "\(run)")
    return run
}

@Test(arguments: InstructionChannel.allCases)   // -d, RELAY_DEPENDENCIES, ./.relay, -d -
func serverAnswersWithTheStubsOfEveryChannel(_ channel: InstructionChannel) async throws {
    let launch = DriverLaunch(.product("forecast-server"), dependencies: sunnyPiDay, channel: channel, arguments: ["--port", "0"])
    let server = try launch.start()
    let port = try await server.waitForPort(printedAfter: listening, on: .standardOutput)
    #expect(try server.injectionReport()?.bindings.map(\.factory) == [.wallClockFixed, .weatherSunny])

    let answer = try await get(ForecastAnswer.self, "http://127.0.0.1:\(port)/forecast/Paris")
    #expect(answer.summary == "sunny")
    #expect(answer.issuedAt == "2025-03-14T09:26:53Z")
    #expect(answer.providerCalls == 1)

    let run = await stopCleanly(server)
    #expect(run.standardOutputLines == ["\(listening)\(port)"], "\(run)")
}

@Test func serverAnswersBadGatewayWhenTheProviderFails() async throws {
    let stubs = LaunchArgumentBuilder(arguments: [
        DependencyInstructionLaunchArgument(type: .weatherProvider, factory: .weatherFailing),
    ])
    let server = try DriverLaunch(.product("forecast-server"), dependencies: stubs, arguments: ["--port", "0"]).start()
    let port = try await server.waitForPort(printedAfter: listening, on: .standardOutput)
    let (status, body) = try await get("http://127.0.0.1:\(port)/forecast/Paris")
    #expect(status == 502)
    #expect(body.contains("the weather service is unavailable"), "\(body)")
    await _ = stopCleanly(server)
}

/// The provider stub changed in the running server, between two requests, and back — no
/// restart; a bad batch in between changes nothing and the server keeps serving.
@Test func serverSwitchesItsProviderWhileRunning() async throws {
    var launch = DriverLaunch(.product("forecast-server"), dependencies: sunnyPiDay, arguments: ["--port", "0"])
    launch.allowsReinjection = true
    let server = try launch.start()
    let port = try await server.waitForPort(printedAfter: listening, on: .standardOutput)
    let paris = "http://127.0.0.1:\(port)/forecast/Paris"
    #expect(try await get(ForecastAnswer.self, paris).summary == "sunny")

    let failing = try await server.reinject(LaunchArgumentBuilder(arguments: [
        DependencyInstructionLaunchArgument(type: .weatherProvider, factory: .weatherFailing),
    ]))
    #expect(failing.generation == 1)
    // The batch names the provider only: the clock stays the launch's -d stub.
    #expect(failing.bindings.map(\.factory) == [.wallClockFixed, .weatherFailing])
    let (status, body) = try await get(paris)
    #expect(status == 502)
    #expect(body.contains("the weather service is unavailable"), "\(body)")

    // A misspelt factory: rejected with Relay's message; the failing stub stays in force.
    let error = await #expect(throws: ReinjectionError.self) {
        try await server.reinject(["type=ForecastServer.WeatherProvider,factory=ForecastServer.WeatherProvider.Sunnny"])
    }
    #expect("\(String(describing: error))".contains("unknown factory key 'ForecastServer.WeatherProvider.Sunnny' (did you mean 'ForecastServer.WeatherProvider.Sunny'?)"))
    #expect(try await get(paris).status == 502)

    let sunnyAgain = try await server.reinject(LaunchArgumentBuilder(arguments: [
        DependencyInstructionLaunchArgument(type: .weatherProvider, factory: .weatherSunny),
    ]))
    #expect(sunnyAgain.generation == 2)
    let answer = try await get(ForecastAnswer.self, paris)
    #expect(answer.summary == "sunny")
    #expect(answer.issuedAt == "2025-03-14T09:26:53Z")

    let run = await stopCleanly(server)
    #expect(run.standardOutputLines == ["\(listening)\(port)"], "\(run)")
}

@Test func serverWritesItsPortToAFile() async throws {
    let launch = DriverLaunch(.product("forecast-server"), dependencies: sunnyPiDay,
                              arguments: ["--port", "0", "--port-file", "port"])
    let server = try launch.start()
    let port = try await server.waitForPort(writtenTo: "port")   // in the server's working directory
    #expect(try await get(ForecastAnswer.self, "http://127.0.0.1:\(port)/forecast/Rome").advice == "Sunglasses weather.")
    let run = await stopCleanly(server)
    #expect(run.standardOutputLines == ["\(listening)\(port)"], "\(run)")
}

/// The checked-in fixture, given to the server as a file, and checked against the keys the
/// server itself exports.
@Test func fixtureMatchesTheManifestTheServerExports() async throws {
    let fixture = "Fixtures/sunny-pi-day.relay"
    let manifest = FileManager.default.temporaryDirectory.appendingPathComponent("forecast-index-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: manifest) }
    var launch = DriverLaunch(.product("forecast-server"), arguments: ["-d", "@\(fixture)", "--port", "0"],
                              environment: ["RELAY_MANIFEST_PATH": manifest.path])
    try launch.addPackageFile(fixture)   // from this package, into the server's working directory
    let server = try launch.start()
    let port = try await server.waitForPort(printedAfter: listening, on: .standardOutput)
    #expect(try server.injectionReport()?.bindings.map(\.origin.description) == ["\(fixture):4:1", "\(fixture):3:1"])
    #expect(try await get(ForecastAnswer.self, "http://127.0.0.1:\(port)/forecast/Paris").summary == "sunny")
    await _ = stopCleanly(server)
    try DynamicDependencyIndex.Manifest(contentsOf: manifest).checkFixtures(in: "Fixtures")
}

/// A misspelt key: the server exits at once with Relay's error, and the wait for its port
/// fails with that error — not after its time-out.
@Test func serverWithABadInstructionFailsAtOnce() async throws {
    let launch = DriverLaunch(.product("forecast-server"), arguments: [
        "-d", "type=ForecastServer.WeatherProvidr,factory=ForecastServer.WeatherProvider.Sunny", "--port", "0",
    ])
    let started = ContinuousClock.now
    let server = try launch.start()
    let error = await #expect(throws: DriverLaunchError.self) {
        try await server.waitForPort(printedAfter: listening, timeout: 30)
    }
    #expect(ContinuousClock.now - started < .seconds(5), "the program's exit ends the wait, not the 30 s time-out")
    guard case let .exitedEarly(_, _, run) = error else {
        Issue.record("expected exitedEarly, got \(String(describing: error))")
        return
    }
    #expect(run.exitStatus == 1, "\(run)")
    #expect(run.standardOutput.isEmpty, "\(run)")
    #expect(run.standardError.hasPrefix(
        "argv[1]: error: unknown type key 'ForecastServer.WeatherProvidr' (did you mean 'ForecastServer.WeatherProvider'?)"
    ), "\(run)")
}
