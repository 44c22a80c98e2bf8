import RelayTestSupport
import Foundation
import Testing
@testable import Relay
@testable import RelayInstructions

@Suite("Sources: the default .relay file")
struct SourcesConfigFileStandardTests {
    private let fileVariable = "RELAY_DEPENDENCIES_FILE"

    @Test func variableNamesARequiredFile() throws {
        let directory = try TemporaryDirectory()
        let source = try #require(ConfigFileInstructionSource.standard(
            environment: [fileVariable: "fixtures/ui.relay"],
            workingDirectory: directory.path
        ))
        #expect(source.path == "fixtures/ui.relay")
        #expect(source.name == "fixtures/ui.relay")
        #expect(source.isRequired)
        #expect(source.workingDirectory == directory.path)
        #expect(sourcesErrorDescription { try source.readInstructions(context: InstructionReadContext()) }
            == "fixtures/ui.relay: error: no such file; check the path (relative paths are resolved against the working directory, \(directory.path))")

        try FileManager.default.createDirectory(atPath: directory.file("fixtures"), withIntermediateDirectories: true)
        try directory.write("fixtures/ui.relay", "type=A,factory=B")
        #expect(try source.readInstructions(context: InstructionReadContext()) == [
            LocatedInstruction(instruction: .init(type: "A", factory: "B"), origin: .file("fixtures/ui.relay", line: 1, column: 1)),
        ])
    }

    @Test func variableWinsOverDotRelay() throws {
        let directory = try TemporaryDirectory()
        try directory.write(".relay", "type=Local,factory=X")
        let other = try directory.write("other.relay", "type=Other,factory=X")
        let source = try #require(ConfigFileInstructionSource.standard(environment: [fileVariable: other], workingDirectory: directory.path))
        #expect(try source.readInstructions(context: InstructionReadContext()).map(\.instruction.type) == ["Other"])
    }

    @Test func emptyVariableSwitchesFilesOff() throws {
        let directory = try TemporaryDirectory()
        try directory.write(".relay", "type=A,factory=B")
        #expect(ConfigFileInstructionSource.standard(environment: [fileVariable: ""], workingDirectory: directory.path) == nil)
    }

    @Test func unsetVariableUsesDotRelayIfPresent() throws {
        let directory = try TemporaryDirectory()
        #expect(ConfigFileInstructionSource.standard(environment: [:], workingDirectory: directory.path) == nil)

        try directory.write(".relay", "# local\ntype=A,factory=B\n")
        let source = try #require(ConfigFileInstructionSource.standard(environment: ["RELAY_DEPENDENCIES": "x"], workingDirectory: directory.path))
        #expect(source.name == ".relay")
        #expect(!source.isRequired)
        #expect(try source.readInstructions(context: InstructionReadContext()) == [
            LocatedInstruction(instruction: .init(type: "A", factory: "B"), origin: .file(".relay", line: 2, column: 1)),
        ])
        // If the file disappears afterwards, the optional source gives nothing.
        try FileManager.default.removeItem(atPath: directory.file(".relay"))
        #expect(try source.readInstructions(context: InstructionReadContext()).isEmpty)
    }

    @Test func dotRelayStillGetsTheSafetyChecks() throws {
        let directory = try TemporaryDirectory()
        try directory.write(".relay", "type=A,factory=B", permissions: 0o666)
        let source = try #require(ConfigFileInstructionSource.standard(environment: [:], workingDirectory: directory.path))
        #expect(sourcesErrorDescription { try source.readInstructions(context: InstructionReadContext()) }
            == ".relay: error: the file is writable by every user, so anyone on this machine could change which implementations the app runs — run: chmod o-w .relay")
    }

    @Test func parentDirectoriesAreNotSearched() throws {
        let directory = try TemporaryDirectory()
        try directory.write(".relay", "type=A,factory=B")
        let child = directory.file("child")
        try FileManager.default.createDirectory(atPath: child, withIntermediateDirectories: true)
        #expect(ConfigFileInstructionSource.standard(environment: [:], workingDirectory: child) == nil)
    }
}
