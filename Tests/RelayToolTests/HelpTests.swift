import RelayToolCore
import Testing

@Suite("Help")
struct HelpTests {
    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func overview(arguments: [String]) {
        let run = ToolRun(arguments)
        #expect(run.status == 0)
        #expect(run.errorOutput.isEmpty)
        #expect(run.output == RelayHelp.text(for: nil))
        #expect(run.output.contains("relay check PATH…"))
        #expect(run.output.contains("Exit status:"))
    }

    @Test(arguments: RelaySubcommand.allCases.filter { $0 != .help })
    func perCommand(command: RelaySubcommand) {
        let viaFlag = ToolRun([command.rawValue, "--help"])
        let viaHelp = ToolRun(["help", command.rawValue])
        #expect(viaFlag.status == 0)
        #expect(viaFlag.output == viaHelp.output)
        #expect(viaFlag.output.hasPrefix("relay \(command.rawValue) — "))
        #expect(viaFlag.output.contains("Usage:"))
        #expect(viaFlag.output.contains("Exit status:"))
        #expect(viaFlag.output.hasSuffix("\n"))
    }

    @Test func checkHelpMentionsCI() {
        #expect(RelayHelp.text(for: .check).contains("pre-commit hook"))
    }

    @Test("check's help shows a manifest export that returns for a server too")
    func checkHelpShowsTheManifestExport() {
        #expect(RelayHelp.text(for: .check).contains("RELAY_MANIFEST_PATH=.build/relay-index.json RELAY_MANIFEST_ONLY=1 swift run my-server"))
    }
}
