import Foundation
import Relay
import RelayDemo
import RelayTesting
import Testing

/// A parameterized stub — one indexed factory, `RelayDemo.ListFormatter.Marked`, whose
/// marker the driver passes with `parameter=` — through every channel.
@Suite("relay-demo: a stub with a parameter")
struct ParameterDriverTests {
    /// The fixed clock and the marked formatter with `marker`.
    private static func marked(_ marker: String) -> LaunchArgumentBuilder {
        LaunchArgumentBuilder(arguments: [
            DemoFixtures.fixedClock,
            DependencyInstructionLaunchArgument(type: .listFormatter, factory: .listFormatterMarked, parameter: marker),
        ])
    }

    @Test("-d, $RELAY_DEPENDENCIES, ./.relay and -d - each pass the parameter to the stub", arguments: [
        InstructionChannel.arguments, .environment, .configFile, .standardInput,
    ])
    func everyChannel(channel: InstructionChannel) async throws {
        let run = try await DriverLaunch.demo(Self.marked("→"), channel: channel).run()
        #expect(run.exitStatus == 0, "\(run)")
        #expect(run.standardError.isEmpty, "\(run)")
        #expect(run.standardOutputLines == DemoFixtures.shakshuka { "  → \($1)" }, "\(run)")
    }

    @Test("-d @file: a .relay file with the parameter, escaped")
    func fileArgument() async throws {
        var launch = DriverLaunch.demo(arguments: ["-d", "@config/marked.relay"])
        launch.files["config/marked.relay"] = "type=RelayDemo.Clock,factory=RelayDemo.Clock.Fixed\ntype=RelayDemo.ListFormatter,factory=RelayDemo.ListFormatter.Marked,parameter=\\=>\n"
        let run = try await launch.run()
        #expect(run.exitStatus == 0, "\(run)")
        #expect(run.standardOutputLines == DemoFixtures.shakshuka { "  => \($1)" }, "\(run)")
    }

    @Test("the launch argument is the canonical instruction, and the report carries the parameter")
    func reportCarriesTheParameter() async throws {
        let launch = DriverLaunch.demo(Self.marked("*"))
        #expect(launch.arguments.last == "type=RelayDemo.ListFormatter,factory=RelayDemo.ListFormatter.Marked,parameter=*")
        let run = try await launch.run()
        #expect(run.exitStatus == 0, "\(run)")
        let binding = try #require(try run.injectionReport().bindings.first { $0.type == .listFormatter })
        #expect(binding.parameter == "*")
        #expect(binding.tag == nil)
        #expect(binding.keptTags == [.compact], "the untagged binding leaves the Compact formatter alone")
    }

    @Test("a parameter the stub's parser rejects stops the launch with a positioned error")
    func invalidParameter() async throws {
        let run = try await DriverLaunch.demo(Self.marked("-->>"), channel: .environment).run()
        #expect(run.exitStatus == 1, "\(run)")
        #expect(run.standardOutput.isEmpty, "\(run)")
        #expect(run.standardError == "$RELAY_DEPENDENCIES:2:1: error: invalid parameter '-->>' for factory 'RelayDemo.ListFormatter.Marked': expected a marker of 1 to 3 characters, e.g. →; fix parameter= in the instruction\n", "\(run)")
    }

    @Test("a parameterized stub without a parameter, and a plain stub with one, are errors")
    func missingAndUnexpected() async throws {
        let run = try await DriverLaunch.demo(arguments: [
            "-d", "type=RelayDemo.ListFormatter,factory=RelayDemo.ListFormatter.Marked",
            "-d", "type=RelayDemo.Clock,factory=RelayDemo.Clock.Fixed,parameter=2025-03-14",
        ]).run()
        #expect(run.exitStatus == 1, "\(run)")
        #expect(run.standardErrorLines == [
            "argv[1]: error: factory 'RelayDemo.ListFormatter.Marked' needs a parameter: expected a marker of 1 to 3 characters, e.g. →; add parameter=<value> to the instruction",
            "argv[3]: error: factory 'RelayDemo.Clock.Fixed' takes no parameter, but the instruction gives parameter='2025-03-14'; remove parameter=, or choose a factory indexed with add(factory:producing:parameter:_:)",
        ], "\(run)")
    }
}
