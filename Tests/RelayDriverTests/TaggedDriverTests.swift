import Foundation
import Relay
import RelayDemo
import RelayTesting
import Testing

/// A tagged stub: `tag=Compact` replaces only the ListFormatter registered under that tag,
/// which `--compact` resolves.
@Suite("relay-demo: a tagged stub")
struct TaggedDriverTests {
    /// The fixed clock and the numbered formatter bound under the tag `Compact`.
    private static let taggedNumbered = LaunchArgumentBuilder(arguments: [
        DemoFixtures.fixedClock,
        DependencyInstructionLaunchArgument(type: .listFormatter, factory: .listFormatterNumbered, tag: .compact),
    ])

    @Test("-d, $RELAY_DEPENDENCIES, ./.relay and -d - each replace the tagged formatter only", arguments: [
        InstructionChannel.arguments, .environment, .configFile, .standardInput,
    ])
    func everyChannel(channel: InstructionChannel) async throws {
        let compact = try await DriverLaunch.demo(Self.taggedNumbered, channel: channel, extraArguments: ["--compact"]).run()
        #expect(compact.exitStatus == 0, "\(compact)")
        #expect(compact.standardOutputLines == DemoFixtures.shakshuka { "  \($0). \($1)" }, "the tagged formatter is the stub: \(compact)")

        let plain = try await DriverLaunch.demo(Self.taggedNumbered, channel: channel).run()
        #expect(plain.standardOutputLines == DemoFixtures.shakshuka(), "the untagged formatter keeps its bullets: \(plain)")
    }

    @Test("without an instruction, --compact prints the tagged formatter registered in code")
    func compactDefault() async throws {
        let run = try await DriverLaunch.demo(LaunchArgumentBuilder(arguments: [DemoFixtures.fixedClock]), extraArguments: ["--compact"]).run()
        let expected = Array(DemoFixtures.shakshuka().prefix(3))
            + ["  " + DemoFixtures.shakshukaIngredients.joined(separator: ", "), "Kitchen tickets: #1, #1 — one kitchen took both orders"]
        #expect(run.standardOutputLines == expected, "\(run)")
    }

    @Test("a misspelt tag is rejected with did you mean, before anything runs")
    func misspeltTag() async throws {
        let run = try await DriverLaunch.demo(arguments: ["-d", "type=RelayDemo.ListFormatter,factory=RelayDemo.ListFormatter.Numbered,tag=Compcat"]).run()
        #expect(run.exitStatus == 1, "\(run)")
        #expect(run.standardError == "argv[1]: error: unknown tag 'Compcat' for type key 'RelayDemo.ListFormatter' (did you mean 'Compact'?); nothing registers the type with it, so the binding would never be resolved — register the type with this tag in code (register(_:tag:…)), declare it with DynamicDependencyIndex.add(tag:for:), or fix the instruction; tags known for RelayDemo.ListFormatter: 'Compact'\n", "\(run)")
    }

    @Test("the report shows the tag")
    func reportShowsTheTag() async throws {
        let run = try await DriverLaunch.demo(Self.taggedNumbered).run()
        let binding = try #require(try run.injectionReport().bindings.first { $0.type == .listFormatter })
        #expect(binding.tag == .compact)
        #expect(binding.description.hasPrefix("RelayDemo.ListFormatter [global, tag=Compact] → RelayDemo.ListFormatter.Numbered (from argv[3]"))
    }
}
