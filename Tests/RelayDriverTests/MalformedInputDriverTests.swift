import Foundation
import Relay
import RelayDemo
import RelayTesting
import Testing

/// Bad instructions from every source: exit status 1, positioned diagnostics on standard
/// error, nothing on standard output — and nothing injected from any source.
@Suite("relay-demo: malformed input")
struct MalformedInputDriverTests {
    /// One bad launch and the exact standard error it must produce.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var launch: DriverLaunch
        var stderr: [String]
        /// Whether the lines must come in this order (diagnostics about index lookups
        /// follow the report's binding order, not argument order).
        var isOrdered = true
        var testDescription: String { name }
    }

    /// The diagnostics for `config/invalid/broken.relay`, with its path as `path`.
    static func brokenFile(_ path: String) -> [String] {
        [
            "\(path):3:22: error: unknown key 'factroy'; did you mean 'factory'? (the valid keys are type, factory, scope, tag, lifecycle and parameter)",
            "\(path):5:1: error: scope header is missing ']'; write it as [scope-name]",
        ]
    }

    /// One launch per source and per kind of index problem.
    ///
    /// - Throws: When a `config/` fixture cannot be read.
    static func cases() throws -> [Case] {
        var fileArgument = DriverLaunch.demo(arguments: ["-d", "@config/invalid/broken.relay"])
        try fileArgument.addFixtures("invalid/broken.relay")

        var fileVariable = DriverLaunch.demo()
        try fileVariable.addFixtures("invalid/broken.relay")
        fileVariable.environment = ["RELAY_DEPENDENCIES_FILE": "config/invalid/broken.relay"]

        var workingDirectoryFile = DriverLaunch.demo()
        workingDirectoryFile.files = [".relay": try PackageFixtures.configText("invalid/broken.relay")]

        var standardInput = DriverLaunch.demo(arguments: ["--servings", "2", "-d", "-"])
        standardInput.standardInput = try PackageFixtures.configText("invalid/broken.relay")

        // A good instruction and a bad one: neither is applied.
        var environment = DriverLaunch.demo()
        environment.environment = [
            "RELAY_DEPENDENCIES": "type=RelayDemo.Clock,factory=RelayDemo.Clock.Fixed;type=RelayDemo.Kitchen",
        ]

        var missingFile = DriverLaunch.demo(arguments: ["-d", "@config/missing.relay"])
        try missingFile.addFixtures("stub-recipes.relay")

        return [
            Case(name: "-d with a misspelt key", launch: DriverLaunch.demo(arguments: [
                "--shopping-list", "-d", "type=RelayDemo.Clock,factroy=RelayDemo.Clock.Fixed",
            ]), stderr: [
                "argv[2]:22: error: unknown key 'factroy'; did you mean 'factory'? (the valid keys are type, factory, scope, tag, lifecycle and parameter)",
            ]),
            Case(name: "$RELAY_DEPENDENCIES with a missing factory", launch: environment, stderr: [
                "$RELAY_DEPENDENCIES:2:1: error: missing 'factory'; add factory=<factory key>, e.g. factory=RelayDemo.Kitchen.Live",
            ]),
            Case(name: "-d @config/invalid/broken.relay", launch: fileArgument, stderr: brokenFile("config/invalid/broken.relay")),
            Case(name: "$RELAY_DEPENDENCIES_FILE=config/invalid/broken.relay", launch: fileVariable, stderr: brokenFile("config/invalid/broken.relay")),
            Case(name: "a broken ./.relay", launch: workingDirectoryFile, stderr: brokenFile(".relay")),
            Case(name: "-d - with broken standard input", launch: standardInput, stderr: brokenFile("<stdin>")),
            Case(name: "-d @ a missing file", launch: missingFile, stderr: [
                "config/missing.relay: error: no such file; check the path (relative paths are resolved against the working directory, ",
                "argv[1]: note: the file is named here",
            ]),
            Case(name: "unknown type and factory keys, with suggestions", launch: DriverLaunch.demo(arguments: [
                "-d", "type=RelayDemo.RecipeBok,factory=RelayDemo.RecipeBook.Stub",
                "-d", "type=RelayDemo.Clock,factory=RelayDemo.Clock.Fixd",
            ]), stderr: [
                "argv[1]: error: unknown type key 'RelayDemo.RecipeBok' (did you mean 'RelayDemo.RecipeBook'?); index it with add(type:_:) before injecting, or fix the instruction",
                "argv[3]: error: unknown factory key 'RelayDemo.Clock.Fixd' (did you mean 'RelayDemo.Clock.Fixed'?); index it with add(factory:producing:_:) before injecting, or fix the instruction; factories indexed for RelayDemo.Clock: 'RelayDemo.Clock.Fixed'",
            ], isOrdered: false),
            Case(name: "a factory for another type", launch: DriverLaunch.demo(arguments: [
                "-d", "type=RelayDemo.Clock,factory=RelayDemo.RecipeBook.Stub",
            ]), stderr: [
                "argv[1]: error: factory 'RelayDemo.RecipeBook.Stub' produces RelayDemo.RecipeBook, but type key 'RelayDemo.Clock' is RelayDemo.Clock; use a factory that produces it: 'RelayDemo.Clock.Fixed'",
            ]),
            Case(name: "a type the app does not index", launch: DriverLaunch.demo(arguments: [
                "-d", "type=RelayDemo.NutritionCalculator,factory=RelayDemo.Clock.Fixed",
            ]), stderr: [
                "argv[1]: error: unknown type key 'RelayDemo.NutritionCalculator'; index it with add(type:_:) before injecting, or fix the instruction",
            ]),
        ]
    }

    @Test("exit status 1, the positioned diagnostics on stderr, nothing on stdout", arguments: try cases())
    func malformed(_ testCase: Case) async throws {
        let run = try await testCase.launch.run()
        #expect(run.exitStatus == 1, "\(run)")
        #expect(run.standardOutput.isEmpty, "\(run)")
        let lines = testCase.isOrdered ? run.standardErrorLines : run.standardErrorLines.sorted()
        let expectedLines = testCase.isOrdered ? testCase.stderr : testCase.stderr.sorted()
        try #require(lines.count == expectedLines.count, "\(run)")
        for (actual, expected) in zip(lines, expectedLines) {
            // Messages that end in a machine-specific path are matched by prefix.
            if expected.hasSuffix(", ") {
                #expect(actual.hasPrefix(expected), "\(run)")
            } else {
                #expect(actual == expected, "\(run)")
            }
        }
    }

    @Test("a bad source stops every source: the good -d is not applied either, and RELAY_EXPLAIN prints no report")
    func allOrNothing() async throws {
        var launch = DriverLaunch.demo(DemoFixtures.stubbed)
        launch.environment = ["RELAY_DEPENDENCIES": "type=RelayDemo.Kitchen,factory=RelayDemo.Kitchen.Live,lifecycle=forever", "RELAY_EXPLAIN": "1"]
        let run = try await launch.run()
        #expect(run.exitStatus == 1, "\(run)")
        #expect(run.standardOutput.isEmpty, "\(run)")
        #expect(run.standardError == "$RELAY_DEPENDENCIES:1:65: error: invalid lifecycle 'forever'; lifecycle must be 'singleton', 'transient', 'graph', 'weakSingleton', 'eagerSingleton' or 'unitOfWork'\n", "\(run)")
        #expect(throws: DriverLaunchError.noInjectionReport(run)) { try run.injectionReport() }
    }
}
