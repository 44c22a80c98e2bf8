import Foundation
import RelayTestSupport
import Testing

@testable import RelayContainer

/// The library reads the process's environment, working directory and files itself (no
/// Foundation in a release build): what it reads must be what Foundation reads.
@Suite("The process environment, read without Foundation")
struct ProcessEnvironmentTests {
    @Test("every variable and value is Foundation's")
    func allMatchesFoundation() {
        #expect(ProcessEnvironment.all() == ProcessInfo.processInfo.environment)
    }

    @Test("one variable: set, and unset")
    func oneVariable() throws {
        let (name, value) = try #require(ProcessInfo.processInfo.environment.first { !$0.key.isEmpty })
        #expect(ProcessEnvironment.value(name) == value)
        #expect(ProcessEnvironment.value("RELAY_TEST_VARIABLE_NOBODY_SETS_\(UUID().uuidString)") == nil)
    }

    @Test("the working directory is Foundation's")
    func workingDirectory() {
        #expect(ProcessEnvironment.currentDirectory() == FileManager.default.currentDirectoryPath)
    }

    @Test("a file exists, a directory exists, a missing path does not")
    func fileExists() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("present.relay", "x")
        #expect(ProcessEnvironment.fileExists(file))
        #expect(ProcessEnvironment.fileExists(directory.path))
        #expect(!ProcessEnvironment.fileExists(directory.file("missing.relay")))
    }
}

@Suite("A file replaced whole")
struct FileReplacementTests {
    @Test("a new file, then a replacement: the whole text each time, and nothing left beside it")
    func replaces() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("report.json")
        #expect(FileReplacement.replace(path, with: "{\"a\":1}\n"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"a\":1}\n")
        let long = String(repeating: "é", count: 100_000)
        #expect(FileReplacement.replace(path, with: long))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == long)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["report.json"])
    }

    @Test("a file that cannot be written: false, and the directory as it was")
    func fails() throws {
        let directory = try TemporaryDirectory()
        #expect(!FileReplacement.replace(directory.file("no-such-folder/report.json"), with: "x"))
        // A directory in the way: the rename fails, and the new file is removed.
        try FileManager.default.createDirectory(atPath: directory.file("taken"), withIntermediateDirectories: false)
        try directory.write("taken/inside", "x")
        #expect(!FileReplacement.replace(directory.file("taken"), with: "x"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["taken"])
    }
}
