import Relay
import RelayTesting
import Testing
@testable import RelayDemo

// docs/best-practices.md, "Two layers of tests, same instructions": the in-process and the
// subprocess example, verbatim, compiled and run here (DocumentationCoverageTests finds
// them).

@Test(.injecting("type=RelayDemo.RecipeBook,factory=RelayDemo.RecipeBook.Stub",
                 "type=RelayDemo.Clock,factory=RelayDemo.Clock.Fixed", index: .relayDemo))
func recipeBookIsTheStub() throws {
    let book = DependencyContainer.global.resolve(RecipeBook.self)
    #expect(try book.recipes().map(\.name) == ["Stub Toast"])
}

@Test func printsTheStubbedRecipe() async throws {
    let builder = LaunchArgumentBuilder(arguments: [
        DependencyInstructionLaunchArgument(type: "RelayDemo.RecipeBook", factory: "RelayDemo.RecipeBook.Stub"),
        DependencyInstructionLaunchArgument(type: "RelayDemo.Clock", factory: "RelayDemo.Clock.Fixed"),
    ])
    let run = try await DriverLaunch(.product("relay-demo"), dependencies: builder).run()   // -d …, or channel: .environment
    #expect(run.standardOutputLines.first == "Recipe of the day (Friday 2025-03-14): Stub Toast", "\(run)")
}
