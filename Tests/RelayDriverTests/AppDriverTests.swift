import Foundation
import Relay
import RelayDemo
import RelayTesting
import Testing

/// `relay-demo` with no instructions, and its own options.
@Suite("relay-demo: defaults and app options")
struct AppDriverTests {
    @Test("with no instructions the live services run: today's bundled recipe, one shared kitchen")
    func liveDefault() async throws {
        let run = try await DriverLaunch.demo().run()
        #expect(run.exitStatus == 0, "\(run)")
        #expect(run.standardError.isEmpty, "\(run)")
        let lines = run.standardOutputLines
        try #require(lines.count >= 5, "\(run)")

        // The date varies, so check the structure.
        let title = lines[0]
        #expect(title.hasPrefix("Recipe of the day ("), "\(run)")
        let name = title.components(separatedBy: "): ").last ?? ""
        #expect(DemoFixtures.bundledRecipeNames.contains(name), "\(run)")
        let date = title.dropFirst("Recipe of the day (".count).prefix { $0 != ")" }
        // Regex is newer than the package's floor (macOS 10.15).
        if #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) {
            #expect(date.wholeMatch(of: /[A-Z][a-z]+day \d{4}-\d{2}-\d{2}/) != nil, "\(run)")
            #expect(lines[1].wholeMatch(of: /\d+ minutes · \d+ servings · \d+ kcal per serving, \d+ kcal in all/) != nil, "\(run)")
        }
        #expect(lines[2] == "Ingredients:")
        #expect(lines[3..<(lines.count - 1)].allSatisfy { $0.hasPrefix("  • ") }, "\(run)")
        #expect(lines.last == "Kitchen tickets: #1, #1 — one kitchen took both orders")
    }

    @Test("the app's own options sit among -d and --dependency arguments")
    func appOptionsCoexist() async throws {
        var launch = DriverLaunch.demo(arguments: [
            "--servings", "4",
            "-d", DemoFixtures.fixedClock.value ?? "",
            "--shopping-list",
        ])
        launch.arguments += ["--dependency=type=RelayDemo.Kitchen,factory=RelayDemo.Kitchen.Live"]
        let run = try await launch.run()
        #expect(run.exitStatus == 0, "\(run)")
        #expect(run.standardError.isEmpty, "\(run)")
        #expect(run.standardOutputLines == [
            "Recipe of the day (Friday 2025-03-14): Shakshuka",
            "30 minutes · 4 servings · 293 kcal per serving, 1172 kcal in all",
            "Shopping list:",
            "  [ ] 8 eggs",
            "  [ ] 800 g chopped tomatoes",
            "  [ ] 2 onions",
            "  [ ] 2 red peppers",
            "  [ ] 30 ml olive oil",
            "  [ ] 4 garlic cloves",
            "  [ ] 2 tsp ground cumin",
            "Kitchen tickets: #1, #1 — one kitchen took both orders",
        ], "\(run)")
    }

    @Test("--help lists the indexed type and factory keys")
    func help() async throws {
        let run = try await DriverLaunch.demo(arguments: ["--help"]).run()
        #expect(run.exitStatus == 0, "\(run)")
        #expect(run.standardOutputLines.first?.hasPrefix("usage: relay-demo ") == true, "\(run)")
        #expect(run.standardOutputLines.contains("  RelayDemo.RecipeBook: RelayDemo.RecipeBook.Bundled, RelayDemo.RecipeBook.Empty, RelayDemo.RecipeBook.Stub"), "\(run)")
        #expect(run.standardOutputLines.contains("  RelayDemo.Clock: RelayDemo.Clock.Fixed"), "\(run)")
    }

    @Test("an unknown option of the app's own is a usage error (64), with nothing on stdout")
    func unknownAppOption() async throws {
        let run = try await DriverLaunch.demo(arguments: ["--servings", "0"]).run()
        #expect(run.exitStatus == 64, "\(run)")
        #expect(run.standardOutput.isEmpty, "\(run)")
        #expect(run.standardError == "relay-demo: error: --servings needs a whole number from 1 to 99, not '0'\n")
    }
}
