import Foundation
import Relay
import RelayTesting
import Testing
@testable import PriceServer

/// The list-price stub, as `-d` instructions (or any other channel).
let listPriceStub = LaunchArgumentBuilder(arguments: [
    DependencyInstructionLaunchArgument(type: .priceAPI, factory: .priceList),
])

/// Vapor's own line once the server listens, before the port.
let serverStarted = "Server started on http://127.0.0.1:"

/// `price-server serve` on a free port of the loopback address, with `stubs` delivered
/// through `channel`.
func priceServer(_ stubs: LaunchArgumentBuilder, channel: InstructionChannel = .arguments) -> DriverLaunch {
    DriverLaunch(.product("price-server"), dependencies: stubs, channel: channel,
                 arguments: ["serve", "--hostname", "127.0.0.1", "--port", "0"])
}

/// Stops `server` with SIGTERM and checks that Vapor shut down gracefully: status 0, no
/// signal, nothing on standard error.
func stopCleanly(_ server: RunningProgram) async -> DriverRun {
    let run = await server.terminate()
    #expect(run.exitStatus == 0 && !run.terminatedBySignal, "\(run)")
    #expect(run.standardError.isEmpty, "\(run)")
    return run
}

@Suite(.timeLimit(.minutes(1)))
struct DriverTests {
    @Test(arguments: InstructionChannel.allCases)   // -d, RELAY_DEPENDENCIES, ./.relay, -d -
    func serverAnswersWithTheStubOfEveryChannel(_ channel: InstructionChannel) async throws {
        let server = try priceServer(listPriceStub, channel: channel).start()
        let port = try await server.waitForPort(printedAfter: serverStarted, on: .standardOutput)
        #expect(try server.injectionReport()?.bindings.map(\.factory) == [.priceList])

        let answer = try await post(BasketAnswer.self, "http://127.0.0.1:\(port)/baskets", json: teaCoffeeTea)
        #expect(answer.total == Price(cents: 2190, currency: "EUR"))
        #expect(answer.priceAPICalls == 2)
        await _ = stopCleanly(server)
    }

    /// The price API stub changed in the running server between two requests — no restart;
    /// a bad batch in between changes nothing and the server keeps serving.
    @Test func serverSwitchesItsPriceAPIWhileRunning() async throws {
        var launch = priceServer(listPriceStub)
        launch.allowsReinjection = true
        let server = try launch.start()
        let port = try await server.waitForPort(printedAfter: serverStarted, on: .standardOutput)
        let baskets = "http://127.0.0.1:\(port)/baskets"
        let first = try await post(BasketAnswer.self, baskets, json: teaCoffeeTea)
        #expect(first.total.cents == 2190)

        let down = try await server.reinject(LaunchArgumentBuilder(arguments: [
            DependencyInstructionLaunchArgument(type: .priceAPI, factory: .priceUnavailable),
        ]))
        #expect(down.generation == 1)
        let (status, body) = try await post(baskets, json: teaCoffeeTea)
        #expect(status == 502)
        #expect(body.contains("price API: the price API is unavailable"), "\(body)")

        // A misspelt factory: rejected with Relay's message; the unavailable stub stays.
        let error = await #expect(throws: ReinjectionError.self) {
            try await server.reinject(["type=PriceServer.PriceAPI,factory=PriceServer.PriceAPI.Chaep"])
        }
        #expect("\(String(describing: error))".contains("unknown factory key 'PriceServer.PriceAPI.Chaep' (did you mean 'PriceServer.PriceAPI.Cheap'?)"))
        #expect(try await post(baskets, json: teaCoffeeTea).status == 502)

        let cheap = try await server.reinject(LaunchArgumentBuilder(arguments: [
            DependencyInstructionLaunchArgument(type: .priceAPI, factory: .priceCheap),
        ]))
        #expect(cheap.generation == 2)
        let last = try await post(BasketAnswer.self, baskets, json: teaCoffeeTea)
        #expect(last.total.cents == 3 * 99)
        #expect(last.requestID != first.requestID)   // a unit of work per request
        await _ = stopCleanly(server)
    }

    /// A misspelt key: the server exits at once with Relay's error, before Vapor starts.
    @Test func serverWithABadInstructionFailsAtOnce() async throws {
        let server = try DriverLaunch(.product("price-server"), arguments: [
            "serve", "-d", "type=PriceServer.PriceAPI,factory=PriceServer.PriceAPI.Lst", "--port", "0",
        ]).start()
        let error = await #expect(throws: DriverLaunchError.self) {
            try await server.waitForPort(printedAfter: serverStarted, timeout: 30)
        }
        guard case let .exitedEarly(_, _, run) = error else {
            Issue.record("expected exitedEarly, got \(String(describing: error))")
            return
        }
        #expect(run.exitStatus == 1, "\(run)")
        #expect(run.standardOutput.isEmpty, "\(run)")
        #expect(run.standardError.hasPrefix(
            "argv[2]: error: unknown factory key 'PriceServer.PriceAPI.Lst' (did you mean 'PriceServer.PriceAPI.List'?)"
        ), "\(run)")
    }
}
