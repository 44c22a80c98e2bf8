import RelayTestSupport
import Foundation
import Testing
@testable import Relay
@testable import RelayInstructions

@Suite("Sources: .relay files")
struct SourcesConfigFileTests {
    private func read(_ path: String, isRequired: Bool = true, context: InstructionReadContext = InstructionReadContext()) throws -> [LocatedInstruction] {
        try ConfigFileInstructionSource(path: path, isRequired: isRequired).readInstructions(context: context)
    }

    private func error(_ path: String, isRequired: Bool = true, context: InstructionReadContext = InstructionReadContext()) -> String {
        sourcesErrorDescription { try read(path, isRequired: isRequired, context: context) }
    }

    @Test func nameIsThePathAsGiven() {
        let source = ConfigFileInstructionSource(path: "UITests/checkout.relay")
        #expect(source.name == "UITests/checkout.relay")
        #expect(source.isRequired)
        #expect(source.workingDirectory == nil)
    }

    @Test func fullFormat() throws {
        let directory = try TemporaryDirectory()
        let text = "\u{FEFF}# UI test fixtures\r\n"
            + "type=MyApp.Backend,factory=MyApp.Backend.Stub   \r\n"
            + "\r\n"
            + "\t type = MyApp.Cache<Swift.String, Swift.Int> ,\tfactory=MyApp.Cache.InMemory\t\r\n"
            + "  # indented comment\r\n"
            + "[ checkout ]\r\n"
            + "type=MyApp.Clock,factory=MyApp.Clock.Fixed,lifecycle=transient\r\n"
            + "[global]\n"
            + "type=MyApp.Clock,factory=MyApp.Clock.System"
        let path = try directory.write("ui.relay", text)
        #expect(try read(path) == [
            LocatedInstruction(instruction: .init(type: "MyApp.Backend", factory: "MyApp.Backend.Stub"), origin: .file(path, line: 2, column: 1)),
            LocatedInstruction(instruction: .init(type: "MyApp.Cache<Swift.String, Swift.Int>", factory: "MyApp.Cache.InMemory"), origin: .file(path, line: 4, column: 3)),
            LocatedInstruction(instruction: .init(type: "MyApp.Clock", factory: "MyApp.Clock.Fixed", scope: "checkout", lifecycle: .transient), origin: .file(path, line: 7, column: 1)),
            LocatedInstruction(instruction: .init(type: "MyApp.Clock", factory: "MyApp.Clock.System"), origin: .file(path, line: 9, column: 1)),
        ])
    }

    @Test func emptyFileGivesNoInstructions() throws {
        let directory = try TemporaryDirectory()
        #expect(try read(try directory.write("empty.relay", "")).isEmpty)
        #expect(try read(try directory.write("comments.relay", "# nothing yet\n\n")).isEmpty)
    }

    @Test func relativePathResolvesAgainstTheWorkingDirectory() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("UITests"), withIntermediateDirectories: true)
        try directory.write("UITests/ui.relay", "type=A,factory=B")
        let source = ConfigFileInstructionSource(path: "UITests/ui.relay", workingDirectory: directory.path)
        #expect(try source.readInstructions(context: InstructionReadContext()) == [
            LocatedInstruction(instruction: .init(type: "A", factory: "B"), origin: .file("UITests/ui.relay", line: 1, column: 1)),
        ])
        let trailingSlash = ConfigFileInstructionSource(path: "UITests/ui.relay", workingDirectory: directory.path + "/")
        #expect(try trailingSlash.readInstructions(context: InstructionReadContext()).count == 1)
    }

    @Test func missingFile() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.file("missing.relay")
        #expect(error(missing) == "\(missing): error: no such file; check the path")
        #expect(try read(missing, isRequired: false).isEmpty)
        // A missing directory on the way counts as missing too.
        let nested = directory.file("nowhere/ui.relay")
        #expect(try read(nested, isRequired: false).isEmpty)
        let source = ConfigFileInstructionSource(path: "missing.relay", workingDirectory: directory.path)
        #expect(sourcesErrorDescription { try source.readInstructions(context: InstructionReadContext()) }
            == "missing.relay: error: no such file; check the path (relative paths are resolved against the working directory, \(directory.path))")
    }

    @Test func directoryIsRejected() throws {
        let directory = try TemporaryDirectory()
        #expect(error(directory.path) == "\(directory.path): error: this is a directory; name a .relay file instead")
        #expect(error(directory.path, isRequired: false) == "\(directory.path): error: this is a directory; name a .relay file instead")
    }

    @Test func fifoIsRejectedWithoutOpeningIt() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.file("pipe.relay")
        #expect(POSIX.mkfifo(fifo, 0o644) == 0)
        // Opening a FIFO for reading would block until a writer appears; the check comes first.
        #expect(error(fifo) == "\(fifo): error: this is a FIFO, not a regular file; instructions are read only from regular files")
    }

    @Test func deviceIsRejected() {
        #expect(error("/dev/null") == "/dev/null: error: this is a character device, not a regular file; instructions are read only from regular files")
    }

    @Test func symbolicLinksAreFollowed() throws {
        let directory = try TemporaryDirectory()
        let target = try directory.write("target.relay", "type=A,factory=B")
        let link = directory.file("link.relay")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(try read(link) == [LocatedInstruction(instruction: .init(type: "A", factory: "B"), origin: .file(link, line: 1, column: 1))])

        let directoryLink = directory.file("dir.relay")
        try FileManager.default.createSymbolicLink(atPath: directoryLink, withDestinationPath: directory.path)
        #expect(error(directoryLink) == "\(directoryLink): error: this is a directory; name a .relay file instead")

        let dangling = directory.file("dangling.relay")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: directory.file("gone.relay"))
        #expect(error(dangling) == "\(dangling): error: no such file; check the path")

        // The target's permissions count, not the link's.
        let open = try directory.write("open.relay", "type=A,factory=B", permissions: 0o666)
        let openLink = directory.file("open-link.relay")
        try FileManager.default.createSymbolicLink(atPath: openLink, withDestinationPath: open)
        #expect(error(openLink).hasSuffix("— run: chmod o-w \(openLink)"))
    }

    @Test func worldWritableFileIsRejectedBeforeReading() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("open.relay", bytes: [0xFF, 0x00], permissions: 0o666)
        #expect(error(path) == "\(path): error: the file is writable by every user, so anyone on this machine could change which implementations the app runs — run: chmod o-w \(path)")
        #expect(error(path, isRequired: false).hasSuffix("— run: chmod o-w \(path)"))
        // Group-writable is fine.
        let shared = try directory.write("shared.relay", "type=A,factory=B", permissions: 0o664)
        #expect(try read(shared).count == 1)
    }

    @Test func chmodCommandQuotesUnusualPaths() {
        #expect(ShellQuoting.quote("UITests/ui.relay") == "UITests/ui.relay")
        #expect(ShellQuoting.quote("my tests/ui.relay") == "'my tests/ui.relay'")
        #expect(ShellQuoting.quote("it's.relay") == #"'it'\''s.relay'"#)
        #expect(ShellQuoting.quote("$HOME.relay") == "'$HOME.relay'")
        #expect(ShellQuoting.quote("") == "''")
    }

    @Test func fileOverTheSizeLimit() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("big.relay", "type=A,factory=B\n")  // 17 bytes
        #expect(error(path, context: sourcesContext(maxBytes: 16))
            == "\(path): error: the input is 17 bytes; the limit is 16 bytes — split the file or raise InstructionSourceLimits.maxBytes")
        #expect(try read(path, context: sourcesContext(maxBytes: 17)).count == 1)
    }

    @Test func fileOverTheCountLimit() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("many.relay", "type=A,factory=X\ntype=B,factory=X\ntype=C,factory=X\n")
        #expect(error(path, context: sourcesContext(maxInstructions: 2))
            == "\(path):3:1: error: more than 2 instructions; split the file or raise InstructionSourceLimits.maxInstructions")
    }

    @Test func rejectedBytes() throws {
        let directory = try TemporaryDirectory()
        let invalid = try directory.write("invalid.relay", bytes: Array("type=A,factory=B\nxy".utf8) + [0xFF])
        #expect(error(invalid) == "\(invalid):2:3: error: invalid UTF-8 byte 0xFF; save the file as UTF-8")
        let nul = try directory.write("nul.relay", bytes: Array("type=A,factory=B\nab".utf8) + [0x00])
        #expect(error(nul) == "\(nul):2:3: error: NUL byte; remove it — instruction sources must be text")
        let bell = try directory.write("bell.relay", bytes: [0xEF, 0xBB, 0xBF] + Array("ty".utf8) + [0x07])
        #expect(error(bell) == #"\#(bell):1:3: error: control character U+0007; remove it, or inside a value write it as the escape \u{7}"#)
    }

    @Test func everySyntaxErrorIsReported() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("ui.relay", """
            type=A,factroy=B
            [checkout
            type=C,factory=D
            [payment]
            type=E,factory=F,scope=checkout
            type=G
            """)
        #expect(error(path) == """
            \(path):1:8: error: unknown key 'factroy'; did you mean 'factory'? (the valid keys are type, factory, scope, tag, lifecycle and parameter)
            \(path):2:1: error: scope header is missing ']'; write it as [scope-name]
            \(path):5:18: error: scope=checkout contradicts the [payment] header on line 4; remove scope= or move the line under [checkout]
            \(path):4:1: note: the [payment] header is here
            \(path):6:1: error: missing 'factory'; add factory=<factory key>, e.g. factory=MyApp.BackendService.Stub
            """)
    }

    @Test func duplicatesInsideTheFile() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("ui.relay", """
            type=A,factory=B
            [checkout]
            type=A,factory=C
            type=A,factory=D
            """)
        #expect(error(path) == """
            \(path):4:1: error: duplicate instruction for A in scope checkout; each type may be bound once per scope in one source — remove one of them
            \(path):3:1: note: previous instruction for A is here
            """)
    }
}
