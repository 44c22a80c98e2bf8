// The complete driver test of docs/best-practices.md, "Driver tests", verbatim: the
// documentation's example must compile and pass. `exampleIsVerbatim` below keeps the two
// in step.

import Foundation
import RelayTestSupport  // not in the example: for the check at the end
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
        let page = try DocumentationPage.load("docs/best-practices.md")
        let heading = try #require(try Repository.lines(of: "docs/best-practices.md").firstIndex { $0.hasPrefix("A complete driver test") },
                                   "the section is gone from docs/best-practices.md")
        let example = try #require(page.blocks.first { $0.line > heading + 1 }, "the example is gone from docs/best-practices.md")
        let source = try Repository.lines(of: "Tests/RelayTestingTests/BestPracticesDriverExampleTests.swift")
        let isVerbatim = DocumentationMatch.contains(example.lines, in: source)
        #expect(isVerbatim, "docs/best-practices.md and \(#filePath) differ; update one from the other")
    }
}
