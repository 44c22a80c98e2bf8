import Foundation
import RelayTestSupport
@testable import RelayToolCore
import Testing

/// Every message of `relay` that names a file, an option or an argument shows it escaped:
/// a name holding ESC, BEL or U+202E would otherwise retitle the terminal or reverse the
/// rest of the line.
@Suite("relay: control characters in names reach standard error escaped")
struct ControlCharactersInPathsTests {
    /// A file name holding ``hostileText``.
    static let name = "ui\(hostileText).relay"
    static let shown = "ui\(hostileTextEscaped).relay"

    private static func expectEscaped(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(text.contains(hostileTextEscaped), "\(text.debugDescription)", sourceLocation: sourceLocation)
        #expect(rawControlCharacters(in: text).isEmpty, "\(text.debugDescription)", sourceLocation: sourceLocation)
    }

    @Test("format --check names a file that is not canonical escaped, and the command to run shell-quoted")
    func formatCheck() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(Self.name, "type=A ,factory=B\n")
        let run = ToolRun(["format", "--check", Self.name], in: directory.path)
        #expect(run.status == 1)
        #expect(run.errorOutput.hasPrefix("\(Self.shown): not canonically formatted (run: relay format $'ui"))
        Self.expectEscaped(run.errorOutput)
    }

    @Test("format and format --check name a missing file escaped", arguments: [["format"], ["format", "--check"]])
    func formatMissing(command: [String]) {
        let run = ToolRun(command + [Self.name])
        #expect(run.status == 1)
        Self.expectEscaped(run.errorOutput)
    }

    @Test("each of format's messages shows the path and the reason escaped")
    func formatMessages() {
        let reason = "cannot open \(Self.name)"
        let messages: [FormatCommand.Message] = [
            .failed(path: Self.name, reason: reason),
            .unreadable(path: Self.name),
            .notCanonical(path: Self.name),
            .unwritable(path: Self.name, reason: reason),
        ]
        for message in messages {
            #expect(message.text.hasPrefix(Self.shown + ": "))
            Self.expectEscaped(message.text)
        }
        #expect(FormatCommand.Message.failed(path: "a.relay", reason: reason).text == "a.relay: error: cannot open \(Self.shown)")
        #expect(FormatCommand.Message.unwritable(path: "a.relay", reason: reason).text == "a.relay: error: cannot write the file: cannot open \(Self.shown)")
    }

    @Test("check names a missing file escaped on standard error, and a good one escaped on standard output")
    func check() throws {
        let missing = ToolRun(["check", Self.name])
        #expect(missing.status == 1)
        Self.expectEscaped(missing.errorOutput)

        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(Self.name, "type=A,factory=B\n")
        let good = ToolRun(["check", Self.name], in: directory.path)
        #expect(good.status == 0)
        #expect(good.output == "\(Self.shown): 1 instruction OK\n")
    }

    @Test("an index manifest that cannot be read is named escaped, and so is what is wrong with it", arguments: ["check", "explain"])
    func index(command: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("a.relay", "type=A,factory=B\n")
        let missing = ToolRun([command, "--index", Self.name] + (command == "check" ? ["a.relay"] : []), in: directory.path)
        #expect(missing.status == 1)
        #expect(missing.errorOutput.hasPrefix("\(Self.shown): error: cannot read the index manifest: no such file"))
        Self.expectEscaped(missing.errorOutput)

        // A manifest whose own text carries the characters into the decoder's message.
        try directory.write(Self.name, "{\"\(hostileText)\": 1}")
        let broken = ToolRun([command, "--index", Self.name] + (command == "check" ? ["a.relay"] : []), in: directory.path)
        #expect(broken.status == 1)
        #expect(rawControlCharacters(in: broken.errorOutput).isEmpty, "\(broken.errorOutput.debugDescription)")
    }

    @Test("a usage error quotes the option or argument escaped", arguments: [
        ["--\(hostileText)"],
        ["\(hostileText)"],
        ["check", "--\(hostileText)", "a.relay"],
        ["explain", "--\(hostileText)"],
        ["explain", "\(hostileText)"],
        ["explain", "--file", "--\(hostileText)"],
    ])
    func usage(arguments: [String]) {
        let run = ToolRun(arguments)
        #expect(run.status != 0)
        Self.expectEscaped(run.errorOutput)
    }
}
