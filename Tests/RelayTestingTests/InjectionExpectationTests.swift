import Foundation
@testable import Relay
import RelayTestSupport
@testable import RelayTesting
import Testing

/// A launch that passed instructions fails when the program applies none of them — a
/// release build without the opt-in, or a program that never calls `inject()` — instead
/// of a test passing against the live dependencies. Against the built
/// `RelayTestingFixture`, whose `inject-policy-off` step injects through a registry whose
/// policy is off, as a release build that did not opt in does (it writes a report saying
/// so), and whose `out` steps print without injecting at all (no report).
@Suite("Instructions a program did not apply")
struct InjectionExpectationTests {
    static var stubs: LaunchArgumentBuilder {
        LaunchArgumentBuilder(arguments: [DependencyInstructionLaunchArgument(type: "Fixture.Greeting", factory: "Fixture.Greeting.Stub")])
    }

    /// The fixture's steps for a program that never injects and prints what the live one would.
    static let neverInjects = ["out", "greeting: hello from the live greeting"]

    @Test("a program that never injects fails run() at its clean exit, and the message points at inject() for a debug build")
    func noInjectAtTheExit() async throws {
        let launch = DriverLaunch(.product("RelayTestingFixture"), dependencies: Self.stubs, channel: .environment, arguments: Self.neverInjects)
        #expect(launch.expectsInjection)
        let error = await #expect(throws: DriverLaunchError.self) { try await launch.run() }
        guard case let .instructionsNotApplied(command, when, releaseBuild, standardOutput, _) = error else {
            Issue.record("expected instructionsNotApplied, got \(String(describing: error))")
            return
        }
        #expect(command == ["RelayTestingFixture"] + Self.neverInjects)
        #expect(when == .exited && !releaseBuild)
        #expect(standardOutput == "greeting: hello from the live greeting\n", "the live dependency ran")
        #expect(error?.description.hasPrefix(
            "RelayTestingFixture out 'greeting: hello from the live greeting' exited with status 0 but applied none of the launch's instructions: it wrote no injection report "
                + "to $RELAY_REPORT_PATH, so it runs with its live dependencies. It is not a release build, so it most likely never calls "
                + "DynamicDependencyRegistry.standard(…).inject()"
        ) == true, "\(String(describing: error))")
    }

    @Test("a program whose policy is off fails run() with the reason its report gives, and the message says how to drive it")
    func policyOffAtTheExit() async throws {
        let launch = DriverLaunch(.product("RelayTestingFixture"), dependencies: Self.stubs, channel: .environment, arguments: ["inject-policy-off"])
        let error = await #expect(throws: DriverLaunchError.self) { try await launch.run() }
        guard case let .instructionsNotApplied(command, when, releaseBuild, _, _) = error else {
            Issue.record("expected instructionsNotApplied, got \(String(describing: error))")
            return
        }
        #expect(command == ["RelayTestingFixture", "inject-policy-off"])
        #expect(when == .injectionOff(reason: "disabled explicitly by the app") && !releaseBuild)
        #expect(error?.description.hasPrefix(
            "RelayTestingFixture inject-policy-off reported that its dynamic injection is off (disabled explicitly by the app), so it applied none of the launch's "
                + "instructions and runs with its live dependencies. Drive a debug build (`swift build`); to drive a release build, build Relay "
                + "with its DynamicInjectionInRelease trait and pass `policy: .enabled`"
        ) == true, "\(String(describing: error))")
    }

    @Test("a server whose policy is off fails run() as soon as it has injected, not at the time-out; so does a wait for a line it never prints")
    func policyOffServer() async throws {
        let misspelt = "type=Fixture.Greting,factroy=Fixture.Greeting.Stub"
        let launch = DriverLaunch(.product("RelayTestingFixture"), arguments: ["-d", misspelt, "inject-policy-off", "forever"])
        let error = await #expect(throws: DriverLaunchError.self) { try await launch.run() }
        guard case let .instructionsNotApplied(_, when, _, _, _) = error else {
            Issue.record("expected instructionsNotApplied, got \(String(describing: error))")
            return
        }
        // At once: the report comes before the program prints, so its output may be empty.
        #expect(when == .injectionOff(reason: "disabled explicitly by the app"))

        let program = try launch.start()
        let waited = await #expect(throws: DriverLaunchError.self) { try await program.waitForLine(containing: "listening", timeout: 60) }
        guard case let .instructionsNotApplied(_, when, _, _, _) = waited else {
            Issue.record("expected instructionsNotApplied, got \(String(describing: waited))")
            await program.terminate()
            return
        }
        #expect(when == .injectionOff(reason: "disabled explicitly by the app"))
        let run = await program.terminate()
        #expect(run.signal == SIGTERM, "the wait left it running: \(run)")
    }

    @Test("a server built in release without dynamic injection — the report text such a build writes — fails run() at once, as a release build, naming the trait")
    func compiledOutServer() async throws {
        let reason = BuildConfiguration.withoutDynamicInjection
        let report = InjectionOutputs.offReportJSON(DynamicInjectionPolicy(isEnabled: false, reason: reason))
        // What such a build does at start-up: write the report, atomically, then serve forever.
        let script = #"printf '%s' "$1" > "$RELAY_REPORT_PATH.part" && mv "$RELAY_REPORT_PATH.part" "$RELAY_REPORT_PATH" && exec sleep 300"#
        let launch = DriverLaunch(.executable(URL(fileURLWithPath: "/bin/sh")), arguments: ["-c", script, "sh", report],
                                  environment: ["RELAY_DEPENDENCIES": Self.instruction])
        let error = await #expect(throws: DriverLaunchError.self) { try await launch.run() }
        guard case let .instructionsNotApplied(_, when, releaseBuild, _, _) = error else {
            Issue.record("expected instructionsNotApplied, got \(String(describing: error))")
            return
        }
        #expect(when == .injectionOff(reason: reason) && releaseBuild)
        #expect(error?.description.contains("reported that its dynamic injection is off (\(reason))") == true, "\(String(describing: error))")
    }

    @Test("the same program in a release products folder fails its wait for readiness, and the message names the release build and the opt-in")
    func releaseBuildWhenReady() async throws {
        let folder = try TemporaryDirectory()
        let release = folder.url.appendingPathComponent(".build/release", isDirectory: true)
        try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
        let executable = release.appendingPathComponent("RelayTestingFixture")
        // A link, not a copy: a copy's write descriptor can be inherited by a child another
        // test spawns at that moment, and exec then fails with ETXTBSY ("Text file busy").
        try FileManager.default.createSymbolicLink(at: executable, withDestinationURL: try BuiltProducts.url(of: "RelayTestingFixture"))

        let program = try DriverLaunch(.executable(executable), dependencies: Self.stubs, arguments: Self.neverInjects + ["forever"]).start()
        let error = await #expect(throws: DriverLaunchError.self) { try await program.waitForLine(containing: "greeting:", timeout: 60) }
        guard case let .instructionsNotApplied(_, when, releaseBuild, standardOutput, _) = error else {
            Issue.record("expected instructionsNotApplied, got \(String(describing: error))")
            return
        }
        #expect(when == .ready && releaseBuild)
        #expect(standardOutput == "greeting: hello from the live greeting\n")
        #expect(error?.description.contains(" is ready but applied none of the launch's instructions") == true)
        #expect(error?.description.contains("It is a release build (its executable is in a release products folder), where dynamic injection is off unless the program opts in: drive a debug build (`swift build`), or build Relay with its DynamicInjectionInRelease trait and pass `policy: .enabled`") == true, "\(String(describing: error))")
        await program.terminate()
    }

    @Test("a program that injects passes; a failing exit and a launch that expects no injection are not checked")
    func whatIsNotAFailure() async throws {
        let injecting = try await DriverLaunch(.product("RelayTestingFixture"), dependencies: Self.stubs, arguments: ["inject"]).run()
        #expect(injecting.standardOutput == "greeting: hello from the stub\n", "\(injecting)")

        var ignoring = DriverLaunch(.product("RelayTestingFixture"), dependencies: Self.stubs, arguments: ["inject-policy-off"])
        ignoring.expectsInjection = false
        let ignored = try await ignoring.run()
        #expect(ignored.standardOutput == "greeting: hello from the live greeting\n", "\(ignored)")

        let failing = try await DriverLaunch(.product("RelayTestingFixture"), dependencies: Self.stubs, arguments: ["exit", "3"]).run()
        #expect(failing.exitStatus == 3, "its own failure shows: \(failing)")

        let waited = try DriverLaunch(.product("RelayTestingFixture"), dependencies: Self.stubs, arguments: ["out", "done"]).start()
        await #expect(throws: DriverLaunchError.self) { try await waited.waitForExit(timeout: 60) }
        let plain = try await DriverLaunch(.product("RelayTestingFixture"), arguments: ["inject-policy-off"]).run()
        #expect(plain.standardOutput == "greeting: hello from the live greeting\n", "no instructions, nothing expected: \(plain)")
    }

    /// The instruction every launch below passes, in its own way.
    static let instruction = "type=Fixture.Greeting,factory=Fixture.Greeting.Stub"

    /// One launch per way a program can be given instructions without `dependencies:`.
    static func launches(_ step: String) -> [(String, DriverLaunch)] {
        let argument = DriverLaunch(.product("RelayTestingFixture"), arguments: ["-d", instruction, step])
        let long = DriverLaunch(.product("RelayTestingFixture"), arguments: ["--dependency=\(instruction)", step])
        var file = DriverLaunch(.product("RelayTestingFixture"), arguments: ["-d", "@fixtures/stubs.relay", step])
        file.files["fixtures/stubs.relay"] = instruction + "\n"
        var input = DriverLaunch(.product("RelayTestingFixture"), arguments: ["-d", "-", step])
        input.standardInput = instruction + "\n"
        let list = DriverLaunch(.product("RelayTestingFixture"), arguments: [step], environment: ["RELAY_DEPENDENCIES": instruction])
        var named = DriverLaunch(.product("RelayTestingFixture"), arguments: [step], environment: ["RELAY_DEPENDENCIES_FILE": "stubs.relay"])
        named.files["stubs.relay"] = instruction + "\n"
        var dotRelay = DriverLaunch(.product("RelayTestingFixture"), arguments: [step])
        dotRelay.files[".relay"] = instruction + "\n"
        return [("-d", argument), ("--dependency=", long), ("-d @file", file), ("-d -", input),
                ("$RELAY_DEPENDENCIES", list), ("$RELAY_DEPENDENCIES_FILE", named), ("./.relay", dotRelay)]
    }

    @Test("instructions in arguments, environment or files are checked like dependencies: — a program that ignores them fails")
    func everyChannelIsChecked() async throws {
        for (channel, launch) in Self.launches("inject-policy-off") {
            let error = await #expect(throws: DriverLaunchError.self, "\(channel)") { try await launch.run() }
            guard case let .instructionsNotApplied(_, when, _, _, _) = error else {
                Issue.record("\(channel): expected instructionsNotApplied, got \(String(describing: error))")
                continue
            }
            #expect(when == .injectionOff(reason: "disabled explicitly by the app"), "\(channel)")
        }
        for (channel, launch) in Self.launches("inject") {
            let run = try await launch.run()
            #expect(run.standardOutput == "greeting: hello from the stub\n", "\(channel): \(run)")
        }
    }

    @Test("a misspelt raw -d given to a release build fails as soon as the program has injected, not at a time-out: its wait for readiness, and its run()")
    func misspeltArgumentToAReleaseBuild() async throws {
        let folder = try TemporaryDirectory()
        let release = folder.url.appendingPathComponent(".build/release", isDirectory: true)
        try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
        let executable = release.appendingPathComponent("RelayTestingFixture")
        try FileManager.default.createSymbolicLink(at: executable, withDestinationURL: try BuiltProducts.url(of: "RelayTestingFixture"))

        let program = try DriverLaunch(.executable(executable), arguments: ["-d", "type=Fixture.Greting,factroy=Fixture.Greeting.Stub", "inject-policy-off", "forever"]).start()
        let error = await #expect(throws: DriverLaunchError.self) { try await program.waitForLine(containing: "greeting:", timeout: 60) }
        guard case let .instructionsNotApplied(_, when, releaseBuild, _, _) = error else {
            Issue.record("expected instructionsNotApplied, got \(String(describing: error))")
            await program.terminate()
            return
        }
        #expect(when == .injectionOff(reason: "disabled explicitly by the app") && releaseBuild)
        await program.terminate()

        let launch = DriverLaunch(.executable(executable), arguments: ["-d", "type=Fixture.Greting,factroy=Fixture.Greeting.Stub", "inject-policy-off", "forever"])
        let thrown = await #expect(throws: DriverLaunchError.self) { try await launch.run() }
        guard case let .instructionsNotApplied(_, when, releaseBuild, _, _) = thrown else {
            Issue.record("expected instructionsNotApplied, got \(String(describing: thrown))")
            return
        }
        #expect(when == .injectionOff(reason: "disabled explicitly by the app") && releaseBuild)
    }

    @Test("release products folders of SwiftPM and Xcode")
    func releaseFolders() {
        for path in ["/p/.build/release/app", "/p/.build/x86_64-unknown-linux-gnu/release/app", "/D/Build/Products/Release/app", "/D/Build/Products/Release-iphonesimulator/App.app/App"] {
            #expect(InjectionExpectation.isReleaseBuild(URL(fileURLWithPath: path)), "\(path)")
        }
        for path in ["/p/.build/debug/app", "/p/.build/arm64-apple-macosx/debug/app", "/D/Build/Products/Debug/app", "/usr/bin/release"] {
            #expect(!InjectionExpectation.isReleaseBuild(URL(fileURLWithPath: path)), "\(path)")
        }
    }
}
