import Foundation
import Relay
import Testing

@Suite("Command-line injection")
struct CommandLineInjectionTests {
    @Test("CommandLine.parse(with:) registers the -d instructions and the stub resolves")
    func endToEnd() throws {
        let scope = uniqueScope()
        DependencyContainer.container(for: scope).register(DynBackend.self) { _ in DynLiveBackend() }
        try CommandLine.parse(
            with: [InjectDependenciesArgumentParser(index: makeDynIndex())],
            arguments: ["--verbose", "-d", "type=RelayTests.DynBackend,factory=RelayTests.DynBackend.Stub,scope=\(scope.name)", "--port", "8080",
                        "--dependency=type=RelayTests.DynClock,factory=RelayTests.DynClock.Fixed,scope=\(scope.name),lifecycle=transient"]
        )
        let container = DependencyContainer.container(for: scope)
        #expect(try container.tryResolve(DynBackend.self).name == "stub")
        #expect(try container.tryResolve(DynClock.self) !== container.tryResolve(DynClock.self))
    }

    @Test("a parser with no -d arguments does nothing")
    func ignoresOtherArguments() throws {
        let parser = InjectDependenciesArgumentParser(index: makeDynIndex())
        #expect(!parser.canParse(arguments: ["--port", "8080", "-v"]))
        try CommandLine.parse(with: [parser], arguments: ["--port", "8080"])
    }

    @Test("bad instructions on the command line fail with positions and register nothing")
    func errorsArePositioned() throws {
        let scope = uniqueScope()
        DependencyContainer.container(for: scope).register(DynBackend.self) { _ in DynLiveBackend() }
        let error = #expect(throws: DynamicInjectionError.self) {
            try CommandLine.parse(
                with: [InjectDependenciesArgumentParser(index: makeDynIndex())],
                arguments: ["-d", "type=RelayTests.DynBackend,factory=RelayTests.DynBackend.Stub,scope=\(scope.name)",
                            "-d", "type=RelayTests.DynClok,factory=RelayTests.DynClock.Fixed,scope=\(scope.name)"]
            )
        }
        #expect(error?.description == "argv[3]: error: unknown type key 'RelayTests.DynClok' (did you mean 'RelayTests.DynClock'?); index it with add(type:_:) before injecting, or fix the instruction")
        #expect(try DependencyContainer.container(for: scope).tryResolve(DynBackend.self).name == "live")
    }

    @Test("the policy gate: a disabled policy reads nothing and the report says why")
    func policyGate() throws {
        let scope = uniqueScope()
        let registry = InjectDependenciesArgumentParser(index: makeDynIndex(), policy: .disabled)
            .registry(arguments: ["-d", "type=RelayTests.DynBackend,factory=RelayTests.DynBackend.Stub,scope=\(scope.name)"])
        let report = try registry.inject()
        #expect(report.bindings.isEmpty)
        #expect(report.description == "Relay dynamic injection is off (disabled explicitly by the app); no source was read.")
        #expect(!DependencyContainer.container(for: scope).isRegistered(DynBackend.self))
        #if DEBUG
        #expect(DynamicInjectionPolicy.default.isEnabled, "on by default in debug builds")
        #else
        #expect(!DynamicInjectionPolicy.default.isEnabled, "off by default in release builds")
        #endif
    }
}

@Suite("Launch arguments")
struct LaunchArgumentTests {
    /// Stubs shared by a whole test class, as UI tests keep them: a `static let` compiles in
    /// the Swift 6 language mode only because `LaunchArgumentBuilder` is `Sendable`.
    static let sunny = LaunchArgumentBuilder(arguments: [
        DependencyInstructionLaunchArgument(type: .dynBackend, factory: .dynBackendStub),
    ])

    @Test("a builder can be a static let shared by tests")
    func sharedBuilder() {
        #expect(Self.sunny.build() == ["-d", "type=RelayTests.DynBackend,factory=RelayTests.DynBackend.Stub"])
    }

    @Test("the builder emits -d with the escaped instruction, carrying scope and lifecycle")
    func build() {
        var builder = LaunchArgumentBuilder(arguments: [
            DependencyInstructionLaunchArgument(type: .dynBackend, factory: .dynBackendStub),
        ])
        builder.add(argument: DependencyInstructionLaunchArgument(type: "MyApp.Cache<Swift.String, Swift.Int>", factory: "MyApp.Cache.Stub,v2", scope: "checkout", lifecycle: .transient))
        struct Verbose: LaunchArgument { let flag = "--verbose"; let value: String? = nil }
        builder.add(arguments: [Verbose()])
        #expect(builder.build() == [
            "-d", "type=RelayTests.DynBackend,factory=RelayTests.DynBackend.Stub",
            "-d", "type=MyApp.Cache<Swift.String, Swift.Int>,factory=MyApp.Cache.Stub\\,v2,scope=checkout,lifecycle=transient",
            "--verbose",
        ])
        #expect(builder.instructions.count == 2)
        #expect(builder.buildEnvironment() == ["RELAY_DEPENDENCIES": "type=RelayTests.DynBackend,factory=RelayTests.DynBackend.Stub;type=MyApp.Cache<Swift.String, Swift.Int>,factory=MyApp.Cache.Stub\\,v2,scope=checkout,lifecycle=transient"])
    }

    @Test("arguments, environment, .relay file and stdin built from one list produce identical bindings")
    func channelsAgree() throws {
        let scope = uniqueScope()
        let builder = LaunchArgumentBuilder(arguments: [
            DependencyInstructionLaunchArgument(type: .dynBackend, factory: .dynBackendStub, scope: scope),
            DependencyInstructionLaunchArgument(type: .dynClock, factory: .dynClockFixed, lifecycle: .transient),
            DependencyInstructionLaunchArgument(type: .dynStore, factory: "Odd\\Key;with=chars, and spaces ", scope: scope),
        ])
        let index = makeDynIndex()
        index.add(factory: "Odd\\Key;with=chars, and spaces ", producing: DynStore.self) { c in DynLiveStore(backend: try c.tryResolve()) }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("relay-channels-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("fixture.relay").path
        try builder.buildConfigFile().write(toFile: file, atomically: true, encoding: .utf8)
        let stdin = Array(builder.buildConfigFile().utf8)

        func instructions(_ sources: [any DependencyInstructionSource]) throws -> [DependencyInjectionInstruction] {
            try DynamicDependencyRegistry(index: index, sources: sources, policy: .enabled).plan().bindings.map(\.instruction)
        }
        let fromArguments = try instructions([CommandLineInstructionSource(arguments: builder.build())])
        let fromEnvironment = try instructions([EnvironmentInstructionSource(environment: builder.buildEnvironment())])
        let fromFile = try instructions([ConfigFileInstructionSource(path: file)])
        let fromStdin = try instructions([CommandLineInstructionSource(arguments: ["-d", "-"], standardInput: StandardInputInstructionSource { _ in stdin })])
        let expected = builder.instructions.sorted { ($0.scope.isGlobal ? 0 : 1, $0.scope.name, $0.type) < ($1.scope.isGlobal ? 0 : 1, $1.scope.name, $1.type) }
        #expect(fromArguments == expected)
        #expect(fromEnvironment == expected)
        #expect(fromFile == expected)
        #expect(fromStdin == expected)
    }
}
