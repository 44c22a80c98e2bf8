// Tests/StatusCtlDriverTests/StatusCtlDriverTests.swift
import Relay
import RelayTesting
import StatusKeys
import Testing

@Suite struct StatusCtlDriverTests {
    /// `-d type=StatusCtl.StatusService,factory=StatusCtl.StatusService.<name>`.
    static func status(_ factory: DependencyFactoryKey) -> LaunchArgumentBuilder {
        LaunchArgumentBuilder(arguments: [
            DependencyInstructionLaunchArgument(type: .statusService, factory: factory),
        ])
    }

    @Test func printsEveryComponent() async throws {
        let run = try await DriverLaunch(.product("statusctl"), dependencies: Self.status(.statusAllOperational)).run()
        #expect(run.exitStatus == 0, "\(run)")
        #expect(run.standardOutputLines == [
            "api       operational",
            "payments  operational",
        ], "\(run)")
    }

    @Test(arguments: InstructionChannel.allCases)   // -d, RELAY_DEPENDENCIES, ./.relay, -d -
    func readsTheStubFromEveryChannel(_ channel: InstructionChannel) async throws {
        let launch = DriverLaunch(.product("statusctl"), dependencies: Self.status(.statusPaymentsDegraded),
                                  channel: channel, arguments: ["--only", "payments"])
        let run = try await launch.run()
        #expect(run.standardOutputLines == ["payments  degraded"], "\(run)")
    }

    @Test func failsWhenTheServiceIsUnreachable() async throws {
        let run = try await DriverLaunch(.product("statusctl"), dependencies: Self.status(.statusUnreachable)).run()
        #expect(run.exitStatus == 2, "\(run)")
        #expect(run.standardOutput.isEmpty, "\(run)")
        #expect(run.standardErrorLines == ["statusctl: cannot read the status: connection refused"], "\(run)")
    }

    @Test func readsAFixtureFile() async throws {
        var launch = DriverLaunch(.product("statusctl"), arguments: ["-d", "@fixtures/outage.relay"])
        launch.files["fixtures/outage.relay"] = """
            # The payments incident of 14 March.
            type=StatusCtl.StatusService,factory=StatusCtl.StatusService.PaymentsDegraded

            """
        let run = try await launch.run()
        #expect(run.standardOutputLines.last == "payments  degraded", "\(run)")
    }

    @Test func reportsWhereEachBindingCameFrom() async throws {
        let launch = DriverLaunch(.product("statusctl"), dependencies: Self.status(.statusAllOperational),
                                  environment: ["RELAY_EXPLAIN": "1"])
        let run = try await launch.run()
        #expect(run.standardErrorLines.contains {
            $0.hasPrefix("  StatusCtl.StatusService [global] → StatusCtl.StatusService.AllOperational (from argv[1]")
        }, "\(run)")
    }

    @Test func rejectsAnUnknownFactory() async throws {
        let launch = DriverLaunch(.product("statusctl"),
                                  arguments: ["-d", "type=StatusCtl.StatusService,factory=StatusCtl.StatusService.AllOperationl"])
        let run = try await launch.run()
        #expect(run.exitStatus == 1, "\(run)")
        #expect(run.standardError.hasPrefix(
            "argv[1]: error: unknown factory key 'StatusCtl.StatusService.AllOperationl' (did you mean 'StatusCtl.StatusService.AllOperational'?)"
        ), "\(run)")
    }
}
