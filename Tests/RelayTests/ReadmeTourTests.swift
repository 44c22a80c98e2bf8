import Foundation
import RelayTestSupport
import Testing

// The README's five-minute tour is the package Examples/MyApp, which
// Scripts/test-examples.sh builds and tests. This test keeps the two the same: every Swift
// block of the tour must appear, line for line, in one of that package's files.

@Suite("README tour")
struct ReadmeTourTests {
    /// The ```swift blocks between `## A five-minute tour` and the next `## ` heading.
    static func tourBlocks() throws -> [[String]] {
        try DocumentationPage.load("README.md").blocks(inSection: "## A five-minute tour").map(\.lines)
    }

    /// Every Swift file of Examples/MyApp (Package.swift excluded), by path, as lines.
    static func exampleFiles() throws -> [(path: String, lines: [String])] {
        let package = Repository.root.appendingPathComponent("Examples/MyApp")
        let paths = FileManager.default.enumerator(atPath: package.path)?.compactMap { $0 as? String } ?? []
        return try paths.filter { $0.hasSuffix(".swift") && $0 != "Package.swift" && !$0.hasPrefix(".build") }.sorted().map { path in
            (path, try String(contentsOf: package.appendingPathComponent(path), encoding: .utf8).components(separatedBy: "\n"))
        }
    }

    /// Whether `block` is, line for line, code of one of `files`.
    static func contains(_ block: [String], in files: [(path: String, lines: [String])]) -> Bool {
        DocumentationMatch.file(holding: block, in: files) != nil
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
