import Foundation
import RelayTestSupport
import Testing

// Keeps the container code of README.md ("A full container") and docs/migrating.md
// ("From Swinject", "From Dip") the same as test files that compile and run it:
//
// - every ```swift block of those sections must be a run of consecutive lines of the test
//   file, verbatim except for one indentation added to every line (so a block may be the
//   body of a test function);
// - every code span in the second column ("Relay") of those sections' tables must be text
//   of one line of the test file.

@Suite("Docs code is tested code")
struct DocsCodeTests {
    static func lines(of path: String) throws -> [String] {
        try Repository.lines(of: path)
    }

    /// The lines between `heading` and the next heading of the same or a higher level.
    static func section(_ heading: String, of page: [String]) -> ArraySlice<String> {
        guard let start = page.firstIndex(of: heading) else { return [] }
        let level = heading.prefix { $0 == "#" }.count
        let end = page[(start + 1)...].firstIndex { line in
            let hashes = line.prefix { $0 == "#" }.count
            return hashes > 0 && hashes <= level && line.dropFirst(hashes).hasPrefix(" ")
        } ?? page.endIndex
        return page[(start + 1)..<end]
    }

    /// The code spans of the second column of every table row of `lines` (header and
    /// separator rows excluded).
    static func secondColumnSpans(_ lines: ArraySlice<String>) -> [String] {
        let lines = Array(lines)
        return lines.indices.flatMap { index -> [String] in
            let row = lines[index]
            let isHeader = index + 1 < lines.count && lines[index + 1].hasPrefix("| ---")
            guard row.hasPrefix("| "), !row.hasPrefix("| ---"), !isHeader else { return [] }
            // Cells are split at " | "; a code span in the Relay column never holds one.
            let cells = row.components(separatedBy: " | ")
            guard cells.count >= 2 else { return [] }
            let parts = cells[1].components(separatedBy: "`")
            return stride(from: 1, to: parts.count, by: 2).map { parts[$0] }
        }.filter { !$0.isEmpty }
    }

    static func check(page: String, headings: [String], against testFile: String, minimumBlocks: Int, minimumSpans: Int) throws {
        let pageLines = try lines(of: page)
        let blocks = try DocumentationPage.load(page)
        let file = try lines(of: testFile)
        var blockCount = 0
        var spanCount = 0
        for heading in headings {
            let section = section(heading, of: pageLines)
            #expect(!section.isEmpty, "\(page) has no section \(heading)")
            for (number, block) in blocks.blocks(inSection: heading).map(\.lines).enumerated() {
                blockCount += 1
                #expect(DocumentationMatch.contains(block, in: file), """
                    \(page), \(heading): Swift block \(number + 1) is not, line for line, in \(testFile); \
                    change the page and the test together:
                    \(block.joined(separator: "\n"))
                    """)
            }
            for span in secondColumnSpans(section) {
                spanCount += 1
                #expect(file.contains { $0.contains(span) }, "\(page), \(heading): the Relay form `\(span)` is not text of any line of \(testFile)")
            }
        }
        #expect(blockCount >= minimumBlocks, "\(page): expected at least \(minimumBlocks) Swift blocks, found \(blockCount)")
        #expect(spanCount >= minimumSpans, "\(page): expected at least \(minimumSpans) code spans in the Relay column, found \(spanCount)")
    }

    @Test("docs/migrating.md: every Relay form of the Swinject and Dip sections is code of MigratingExamplesTests.swift")
    func migrating() throws {
        try Self.check(page: "docs/migrating.md", headings: ["## From Swinject", "## From Dip"],
                       against: "Tests/RelayTests/Docs/MigratingExamplesTests.swift", minimumBlocks: 3, minimumSpans: 30)
    }

    @Test("README.md: every Swift block of \"A full container\" is code of ReadmeFullContainerTests.swift")
    func readme() throws {
        try Self.check(page: "README.md", headings: ["## A full container"],
                       against: "Tests/RelayTests/Docs/ReadmeFullContainerTests.swift", minimumBlocks: 2, minimumSpans: 0)
    }

    @Test("a changed line, a reordered block or an unknown span is caught")
    func detectsDifferences() throws {
        let file = ["func f() {", "    let a = 1", "    let b = 2", "", "    let c = 3", "}"]
        #expect(DocumentationMatch.contains(["let a = 1", "let b = 2"], in: file))
        #expect(DocumentationMatch.contains(["let b = 2", "", "let c = 3"], in: file))
        #expect(!DocumentationMatch.contains(["let b = 2", "let a = 1"], in: file))
        #expect(!DocumentationMatch.contains(["let a = 1", "let b = 3"], in: file))
        #expect(!DocumentationMatch.contains(["let a = 1", "  let b = 2"], in: file))
        let table: ArraySlice<String> = ["| A | B | C |", "| --- | --- | --- |", "| `x` | `y()` and `z` | `w` |"]
        #expect(Self.secondColumnSpans(table) == ["y()", "z"])
    }
}
