import Foundation
import Testing

// docs/server-cli-testing.md teaches the package Examples/ForecastServer, which
// Scripts/test-examples.sh builds and tests. This test keeps the two the same: every Swift
// block of the page's section on it must appear, line for line, in one of that package's
// files.

@Suite("Server docs example")
struct ServerDocsExampleTests {
    static let heading = "## A real server: `Examples/ForecastServer`"

    /// The ```swift blocks between `heading` and the next `## ` heading.
    static func sectionBlocks() throws -> [[String]] {
        try DocumentationBlocks.swiftBlocks(in: "docs/server-cli-testing.md", section: heading)
    }

    /// Every Swift file of Examples/ForecastServer's Sources and Tests, as lines (its
    /// .build, which holds its dependencies' checkouts, is not walked).
    static func exampleFiles() throws -> [(path: String, lines: [String])] {
        let package = ReadmeTourTests.root.appendingPathComponent("Examples/ForecastServer")
        let paths = ["Sources", "Tests"].flatMap { folder in
            (FileManager.default.enumerator(atPath: package.appendingPathComponent(folder).path)?.compactMap { $0 as? String } ?? []).map { "\(folder)/\($0)" }
        }
        return try paths.filter { $0.hasSuffix(".swift") }.sorted().map { path in
            (path, try String(contentsOf: package.appendingPathComponent(path), encoding: .utf8).components(separatedBy: "\n"))
        }
    }

    @Test("every Swift block of the server section is code of Examples/ForecastServer, verbatim")
    func sectionIsTheExample() throws {
        let blocks = try Self.sectionBlocks()
        let files = try Self.exampleFiles()
        #expect(blocks.count >= 6, "the section should show start-up, driver and in-process tests, and the middleware")
        #expect(files.count >= 8, "Examples/ForecastServer should hold the server's sources and tests")
        for (number, block) in blocks.enumerated() {
            #expect(ReadmeTourTests.contains(block, in: files), """
                docs/server-cli-testing.md server block \(number + 1) is not, line for line, in any file of \
                Examples/ForecastServer; change the page and the example together:
                \(block.joined(separator: "\n"))
                """)
        }
    }
}
