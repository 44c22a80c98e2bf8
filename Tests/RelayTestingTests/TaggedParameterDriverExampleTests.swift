// The driver example of docs/best-practices.md, "Driver tests", with a tag and a
// parameter and the origin of a binding: the documentation's block is a run of this
// file's lines (DocumentationCoverageTests), so it compiles and passes.

import Foundation
import Relay
import RelayTesting
import Testing

@Suite("docs/best-practices.md: a stub with a tag and a parameter")
struct TaggedParameterDriverExampleTests {
    @Test func compactListUsesTheMarkedStub() async throws {
        let stubs = LaunchArgumentBuilder(arguments: [
            DependencyInstructionLaunchArgument(type: "RelayDemo.Clock", factory: "RelayDemo.Clock.Fixed"),
            // Binds only the registration tagged Compact; the factory parses "→" as its marker.
            DependencyInstructionLaunchArgument(type: "RelayDemo.ListFormatter", factory: "RelayDemo.ListFormatter.Marked",
                                                tag: "Compact", parameter: "→"),
        ])
        let run = try await DriverLaunch(.product("relay-demo"), dependencies: stubs, channel: .environment).run()
        #expect(run.exitStatus == 0, "\(run)")
        let formatter = try #require(try run.injectionReport().bindings.first { $0.tag == "Compact" })
        #expect(formatter.parameter == "→")
        // An InstructionOrigin; its description is the place as messages show it.
        #expect(formatter.origin.description == "$RELAY_DEPENDENCIES:2:1")
    }
}
