import Foundation
import Relay
import RelayTestSupport
@testable import RelayTesting
import Testing

/// A launch that passed instructions fails when the program applies none of them — a
/// release build without the opt-in, or a program that never calls `inject()` — instead
/// of a test passing against the live dependencies. Against the built
/// `RelayTestingFixture`, whose `inject-policy-off` step injects through a registry whose
/// policy is off, as a release build that did not opt in does.
@Suite("Instructions a program did not apply")
struct InjectionExpectationTests {
    static var stubs: LaunchArgumentBuilder {
        LaunchArgumentBuilder(arguments: [DependencyInstructionLaunchArgument(type: "Fixture.Greeting", factory: "Fixture.Greeting.Stub")])
    }

    @Test("a program whose policy is off fails run() at its clean exit, and the message points at inject() for a debug build")
    func policyOffAtTheExit() async throws {
        let launch = DriverLaunch(.product("RelayTestingFixture"), dependencies: Self.stubs, channel: .environment, arguments: ["inject-policy-off"])
        #expect(launch.expectsInjection)
        let error = await #expect(throws: DriverLaunchError.self) { try await launch.run() }
        guard case let .instructionsNotApplied(command, when, releaseBuild, standardOutput, _) = error else {
            Issue.record("expected instructionsNotApplied, got \(String(describing: error))")
            return
        }
        #expect(command == ["RelayTestingFixture", "inject-policy-off"])
        #expect(when == .exited && !releaseBuild)
        #expect(standardOutput == "greeting: hello from the live greeting\n", "the live dependency ran")
        #expect(error?.description.hasPrefix(
            "RelayTestingFixture inject-policy-off exited with status 0 but applied none of the launch's instructions: it wrote no injection report "
                + "to $RELAY_REPORT_PATH, so it runs with its live dependencies. It is not a release build, so it most likely never calls "
                + "DynamicDependencyRegistry.standard(…).inject()"
        ) == true, "\(String(describing: error))")
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

        let program = try DriverLaunch(.executable(executable), dependencies: Self.stubs, arguments: ["inject-policy-off", "forever"]).start()
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
            guard case let .instructionsNotApplied(_, when, _, standardOutput, _) = error else {
                Issue.record("\(channel): expected instructionsNotApplied, got \(String(describing: error))")
                continue
            }
            #expect(when == .exited, "\(channel)")
            #expect(standardOutput == "greeting: hello from the live greeting\n", "\(channel)")
        }
        for (channel, launch) in Self.launches("inject") {
            let run = try await launch.run()
            #expect(run.standardOutput == "greeting: hello from the stub\n", "\(channel): \(run)")
        }
    }

    @Test("a misspelt raw -d given to a release build fails as soon as the program is ready, not at a time-out")
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
        #expect(when == .ready && releaseBuild)
        await program.terminate()
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
