import Foundation
import Relay
import Testing

@Suite("Launch arguments with tag= and parameter=")
struct LaunchArgumentTagAndParameterTests {
    @Test("DependencyInstructionLaunchArgument carries the tag and the parameter, escaped")
    func argument() {
        let argument = DependencyInstructionLaunchArgument(type: .paramClock, factory: .paramClockAt, scope: "checkout", lifecycle: .transient, tag: "Checkout", parameter: "7")
        #expect(argument.tag == "Checkout")
        #expect(argument.parameter == "7")
        #expect(argument.value == "type=RelayTests.ParamClock,factory=RelayTests.ParamClock.At,scope=checkout,tag=Checkout,lifecycle=transient,parameter=7")
        #expect(DependencyInstructionLaunchArgument(type: "A", factory: "B", parameter: "a=b;c").value == #"type=A,factory=B,parameter=a\=b\;c"#)
        #expect(DependencyInstructionLaunchArgument(type: "A", factory: "B").tag == nil)
    }

    @Test("arguments, environment, .relay file and stdin built from one list give the same tagged and parameterized bindings")
    func channelsAgree() throws {
        let scope = uniqueScope()
        let builder = LaunchArgumentBuilder(arguments: [
            DependencyInstructionLaunchArgument(type: .paramClock, factory: .paramClockAt, scope: scope, parameter: "a=b;c, d "),
            DependencyInstructionLaunchArgument(type: .tagNetwork, factory: .tagNetworkStub, tag: "Production"),
            DependencyInstructionLaunchArgument(type: .tagNetwork, factory: .tagNetworkStub),
        ])
        let index = makeTagAndParameterIndex()
        index.add(factory: .paramClockAt, producing: (any ParamClock).self, parameter: DependencyParameter<String>(expecting: "any text")) { _, text in
            ParamFixedClock(seconds: text.count)
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("relay-tag-channels-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("fixture.relay").path
        try builder.buildConfigFile().write(toFile: file, atomically: true, encoding: .utf8)
        let stdin = Array(builder.buildConfigFile().utf8)

        func instructions(_ sources: [any DependencyInstructionSource]) throws -> [DependencyInjectionInstruction] {
            try DynamicDependencyRegistry(index: index, sources: sources, policy: .enabled).plan().bindings.map(\.instruction)
        }
        let expected = [builder.instructions[2], builder.instructions[1], builder.instructions[0]]
        #expect(try instructions([CommandLineInstructionSource(arguments: builder.build())]) == expected)
        #expect(try instructions([EnvironmentInstructionSource(environment: builder.buildEnvironment())]) == expected)
        #expect(try instructions([ConfigFileInstructionSource(path: file)]) == expected)
        #expect(try instructions([CommandLineInstructionSource(arguments: ["-d", "-"], standardInput: StandardInputInstructionSource { _ in stdin })]) == expected)
        #expect(expected[2].parameter == "a=b;c, d ")
    }
}
