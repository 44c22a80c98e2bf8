import Foundation
import Testing

// The README's five-minute tour is the package Examples/MyApp, which
// Scripts/test-examples.sh builds and tests. This test keeps the two the same: every Swift
// block of the tour must appear, line for line, in one of that package's files.

@Suite("README tour")
struct ReadmeTourTests {
    /// The repository root: the nearest directory above this file that holds Package.swift.
    static let root: URL = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
            directory.deleteLastPathComponent()
        }
        return directory
    }()

    /// The ```swift blocks between `## A five-minute tour` and the next `## ` heading.
    static func tourBlocks() throws -> [[String]] {
        try DocumentationBlocks.swiftBlocks(in: "README.md", section: "## A five-minute tour")
    }

    /// Every Swift file of Examples/MyApp (Package.swift excluded), by path, as lines.
    static func exampleFiles() throws -> [(path: String, lines: [String])] {
        let package = root.appendingPathComponent("Examples/MyApp")
        let paths = FileManager.default.enumerator(atPath: package.path)?.compactMap { $0 as? String } ?? []
        return try paths.filter { $0.hasSuffix(".swift") && $0 != "Package.swift" && !$0.hasPrefix(".build") }.sorted().map { path in
            (path, try String(contentsOf: package.appendingPathComponent(path), encoding: .utf8).components(separatedBy: "\n"))
        }
    }

    /// Whether `block` is, line for line, a run of lines of one of `files`.
    static func contains(_ block: [String], in files: [(path: String, lines: [String])]) -> Bool {
        files.contains { file in
            file.lines.count >= block.count && (0...(file.lines.count - block.count)).contains { Array(file.lines[$0..<($0 + block.count)]) == block }
        }
    }

    @Test("every Swift block of the README's tour is code of Examples/MyApp, verbatim")
    func tourIsTheExample() throws {
        let blocks = try Self.tourBlocks()
        let files = try Self.exampleFiles()
        #expect(blocks.count >= 5, "the README's tour should have a block per step")
        #expect(files.count >= 4, "Examples/MyApp should hold the tour's sources and tests")
        for (number, block) in blocks.enumerated() {
            let found = Self.contains(block, in: files)
            #expect(found, """
                README tour block \(number + 1) is not, line for line, in any file of Examples/MyApp; \
                change the README and the example together:
                \(block.joined(separator: "\n"))
                """)
        }
    }

    @Test("a changed or reordered line in a block is caught")
    func detectsDifferences() throws {
        let files = try Self.exampleFiles()
        let block = try #require(try Self.tourBlocks().first)
        var changed = block
        changed[changed.count / 2] += " // changed"
        #expect(!Self.contains(changed, in: files))
        #expect(!Self.contains(block.reversed(), in: files))
        #expect(Self.contains(block, in: files))
    }
}
