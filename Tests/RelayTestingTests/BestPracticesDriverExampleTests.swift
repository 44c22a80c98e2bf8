// The complete driver test of docs/best-practices.md, "Driver tests", verbatim: the
// documentation's example must compile and pass. `exampleIsVerbatim` below keeps the two
// in step.

import Foundation
import Relay
import RelayTesting
import Testing

@Suite struct RecipeDriverTests {
    /// The stub recipe book and a clock fixed on Friday 2025-03-14.
    static var stubs: LaunchArgumentBuilder {
        LaunchArgumentBuilder(arguments: [
            DependencyInstructionLaunchArgument(type: "RelayDemo.RecipeBook", factory: "RelayDemo.RecipeBook.Stub"),
            DependencyInstructionLaunchArgument(type: "RelayDemo.Clock", factory: "RelayDemo.Clock.Fixed"),
        ])
    }

    @Test(arguments: InstructionChannel.allCases)   // -d, RELAY_DEPENDENCIES, ./.relay, -d -
    func printsTheStubbedRecipe(_ channel: InstructionChannel) async throws {
        let run = try await DriverLaunch(.product("relay-demo"), dependencies: Self.stubs, channel: channel).run()
        #expect(run.exitStatus == 0, "\(run)")   // on failure, shows the exit status and both streams
        #expect(run.standardError.isEmpty, "\(run)")
        #expect(run.standardOutputLines.first == "Recipe of the day (Friday 2025-03-14): Stub Toast", "\(run)")
    }

    @Test func readsAFixtureFromTheWorkingDirectory() async throws {
        var launch = DriverLaunch(.product("relay-demo"), arguments: ["--shopping-list", "-d", "@fixtures/shopping.relay"])
        launch.files["fixtures/shopping.relay"] = """
            type=RelayDemo.Clock,factory=RelayDemo.Clock.Fixed
            [shopping]
            type=RelayDemo.ListFormatter,factory=RelayDemo.ListFormatter.Numbered

            """
        let run = try await launch.run()
        #expect(run.exitStatus == 0, "\(run)")
        #expect(run.standardOutputLines.contains("  1. 4 eggs"), "\(run)")
    }

    @Test func rejectsAMisspeltKey() async throws {
        let launch = DriverLaunch(.product("relay-demo"), arguments: ["-d", "type=RelayDemo.Clock,factroy=RelayDemo.Clock.Fixed"])
        let run = try await launch.run()
        #expect(run.exitStatus == 1, "\(run)")
        #expect(run.standardOutput.isEmpty, "\(run)")
        #expect(run.standardError.hasPrefix("argv[1]:22: error: unknown key 'factroy'; did you mean 'factory'?"), "\(run)")
    }
}

/// Keeps the example above and the documentation's identical.
@Suite("docs/best-practices.md driver example")
struct BestPracticesDriverExampleTests {
    @Test("the example in docs/best-practices.md is this file's, verbatim")
    func exampleIsVerbatim() throws {
        var root = URL(fileURLWithPath: #filePath)
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            try #require(root.path != "/", "Package.swift not found above \(#filePath)")
            root.deleteLastPathComponent()
        }
        let documentation = try String(contentsOf: root.appendingPathComponent("docs/best-practices.md"), encoding: .utf8)
        let section = try #require(documentation.range(of: "A complete driver test"), "the section is gone from docs/best-practices.md")
        let start = try #require(documentation.range(of: "```swift\n", range: section.upperBound..<documentation.endIndex))
        let end = try #require(documentation.range(of: "```\n", range: start.upperBound..<documentation.endIndex))
        let example = String(documentation[start.upperBound..<end.lowerBound])
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let isVerbatim = source.contains(example)
        #expect(isVerbatim, "docs/best-practices.md and \(#filePath) differ; update one from the other")
    }
}
