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

    // MARK: statusctl

    /// The ```swift blocks before `heading` that open with a file's path
    /// (`// Sources/StatusCtl/main.swift`), by that path.
    static func statusCtlBlocks() throws -> [(path: String, lines: [String])] {
        let page = try String(contentsOf: ReadmeTourTests.root.appendingPathComponent("docs/server-cli-testing.md"), encoding: .utf8)
        let lines = page.components(separatedBy: "\n")
        let end = lines.firstIndex(of: heading) ?? lines.endIndex
        var blocks: [(path: String, lines: [String])] = []
        var current: [String]?
        for line in lines[..<end] {
            if current == nil, line == "```swift" {
                current = []
            } else if let block = current, line == "```" {
                if let first = block.first, first.hasPrefix("// Sources/") || first.hasPrefix("// Tests/") {
                    blocks.append((String(first.dropFirst(3)), block))
                }
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test("statusctl: every file the page shows is the file of Examples/StatusCtl, whole, and every file is shown")
    func statusCtlIsTheExample() throws {
        let package = ReadmeTourTests.root.appendingPathComponent("Examples/StatusCtl")
        let blocks = try Self.statusCtlBlocks()
        #expect(blocks.map(\.path).sorted() == [
            "Sources/StatusCtl/StatusIndex.swift",
            "Sources/StatusCtl/StatusService.swift",
            "Sources/StatusCtl/StatusStubs.swift",
            "Sources/StatusCtl/main.swift",
            "Sources/StatusKeys/StatusKeys.swift",
            "Tests/StatusCtlDriverTests/StatusCtlDriverTests.swift",
        ])
        for block in blocks {
            let file = try String(contentsOf: package.appendingPathComponent(block.path), encoding: .utf8)
            #expect(file.components(separatedBy: "\n") == block.lines + [""], """
                docs/server-cli-testing.md shows \(block.path) differently from Examples/StatusCtl; change the page and the example together
                """)
        }
    }

    @Test("statusctl starts up the README's way: one index that fills itself, standard(index:).inject(), withoutDependencyArguments()")
    func statusCtlUsesTheReadmeRecipe() throws {
        let code = try Self.statusCtlBlocks().flatMap(\.lines).joined(separator: "\n")
        #expect(code.contains("static let statusCtl = DynamicDependencyIndex { index in"))
        #expect(code.contains("try DynamicDependencyRegistry.standard(index: .statusCtl).inject()"))
        #expect(code.contains("CommandLine.withoutDependencyArguments()"))
        for retired in ["index(into:", ".standard()", "RELAY_EXPLAIN\"]", "case \"-d\"", "report.description"] {
            #expect(!code.contains(retired), "the statusctl sample should not use \(retired)")
        }
    }
}
