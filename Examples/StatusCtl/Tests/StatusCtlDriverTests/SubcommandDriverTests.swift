// Tests/StatusCtlDriverTests/SubcommandDriverTests.swift
import Relay
import RelayTesting
import StatusKeys
import Testing

/// The swift-argument-parser side: subcommands, a flag, and Relay's `-d` wherever it
/// stands before `--`.
@Suite struct SubcommandDriverTests {
    static let degraded = "type=StatusCtl.StatusService,factory=StatusCtl.StatusService.PaymentsDegraded"

    @Test func checkExitsWithTheComponentsState() async throws {
        let payments = try await DriverLaunch(.product("statusctl"), arguments: ["check", "payments", "-d", Self.degraded]).run()
        #expect(payments.exitStatus == 3, "\(payments)")
        #expect(payments.standardOutputLines == ["payments is degraded"], "\(payments)")

        let api = try await DriverLaunch(.product("statusctl"), arguments: ["-d", Self.degraded, "check", "api"]).run()
        #expect(api.exitStatus == 0, "\(api)")
        #expect(api.standardOutput.isEmpty, "\(api)")
    }

    @Test(arguments: [
        ["-d", degraded, "list", "--verbose"],
        ["list", "-d", degraded, "--verbose"],
        ["list", "--verbose", "-d", degraded],
        ["--verbose", "--dependency=\(degraded)"],   // the default subcommand, list
    ])
    func dependencyArgumentsMayStandAnywhereBeforeTheDoubleDash(_ arguments: [String]) async throws {
        let run = try await DriverLaunch(.product("statusctl"), arguments: arguments).run()
        #expect(run.exitStatus == 0, "\(run)")
        #expect(run.standardOutputLines == [
            "api       operational",
            "payments  degraded",
            "2 components, 1 not operational",
        ], "\(run)")
    }

    @Test func afterTheDoubleDashDashDIsTheCommandsOwn() async throws {
        let run = try await DriverLaunch(.product("statusctl"), arguments: ["-d", Self.degraded, "check", "--", "-d"]).run()
        #expect(run.exitStatus == 4, "\(run)")
        #expect(run.standardErrorLines == ["statusctl: no component named '-d'"], "\(run)")
    }

    @Test func anUnknownOptionIsArgumentParsersError() async throws {
        let run = try await DriverLaunch(.product("statusctl"), arguments: ["-d", Self.degraded, "list", "--verbos"]).run()
        #expect(run.exitStatus == 64, "\(run)")
        #expect(run.standardErrorLines.first == "Error: Unknown option '--verbos'. Did you mean '--verbose'?", "\(run)")
    }
}
