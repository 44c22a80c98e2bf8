import Foundation
import RelayTestSupport
import Testing

// docs/server-cli-testing.md teaches the packages Examples/ForecastServer (Hummingbird) and
// Examples/PriceServer (Vapor), which Scripts/test-examples.sh builds and tests. This test
// keeps each the same as its section: every Swift block of the section must appear, line
// for line, in one of that package's files.

@Suite("Server docs example")
struct ServerDocsExampleTests {
    static let heading = "## A real server: `Examples/ForecastServer`"
    static let vaporHeading = "## A Vapor server: `Examples/PriceServer`"

    /// Every Swift file of the example package `package` (a path from the repository's
    /// root), Sources and Tests, as lines (its .build, which holds its dependencies'
    /// checkouts, is not walked).
    static func exampleFiles(_ package: String) throws -> [(path: String, lines: [String])] {
        let package = Repository.root.appendingPathComponent(package)
        let paths = ["Sources", "Tests"].flatMap { folder in
            (FileManager.default.enumerator(atPath: package.appendingPathComponent(folder).path)?.compactMap { $0 as? String } ?? []).map { "\(folder)/\($0)" }
        }
        return try paths.filter { $0.hasSuffix(".swift") }.sorted().map { path in
            (path, try String(contentsOf: package.appendingPathComponent(path), encoding: .utf8).components(separatedBy: "\n"))
        }
    }

    /// Checks that every ```swift block of the page's section `heading` is, line for line,
    /// in a file of `package`, and that the section and the package are not empty.
    static func checkSection(_ heading: String, isCodeOf package: String, minimumBlocks: Int, minimumFiles: Int) throws {
        let blocks = try DocumentationPage.load("docs/server-cli-testing.md").blocks(inSection: heading).map(\.lines)
        let files = try exampleFiles(package)
        #expect(blocks.count >= minimumBlocks, "the section \(heading) should show at least \(minimumBlocks) Swift blocks")
        #expect(files.count >= minimumFiles, "\(package) should hold the server's sources and tests")
        for (number, block) in blocks.enumerated() {
            #expect(ReadmeTourTests.contains(block, in: files), """
                docs/server-cli-testing.md, \(heading): block \(number + 1) is not, line for line, in any file of \
                \(package); change the page and the example together:
                \(block.joined(separator: "\n"))
                """)
        }
    }

    @Test("every Swift block of the Hummingbird server section is code of Examples/ForecastServer, verbatim")
    func sectionIsTheExample() throws {
        // Start-up, driver and in-process tests, and the middleware.
        try Self.checkSection(Self.heading, isCodeOf: "Examples/ForecastServer", minimumBlocks: 6, minimumFiles: 8)
    }

    @Test("every Swift block of the Vapor server section is code of Examples/PriceServer, verbatim")
    func vaporSectionIsTheExample() throws {
        // Start-up, the middleware, driver and in-process tests.
        try Self.checkSection(Self.vaporHeading, isCodeOf: "Examples/PriceServer", minimumBlocks: 5, minimumFiles: 8)
    }

    // MARK: statusctl

    /// The ```swift blocks before `heading` that open with a file's path
    /// (`// Sources/StatusCtl/main.swift`), by that path.
    static func statusCtlBlocks() throws -> [(path: String, lines: [String])] {
        let end = try Repository.lines(of: "docs/server-cli-testing.md").firstIndex(of: heading) ?? .max
        return try DocumentationPage.load("docs/server-cli-testing.md").blocks.compactMap { block in
            guard block.line <= end, let first = block.lines.first, first.hasPrefix("// Sources/") || first.hasPrefix("// Tests/") else { return nil }
            return (String(first.dropFirst(3)), block.lines)
        }
    }

    @Test("statusctl: every file the page shows is the file of Examples/StatusCtl, whole, and every file is shown")
    func statusCtlIsTheExample() throws {
        let package = Repository.root.appendingPathComponent("Examples/StatusCtl")
        let blocks = try Self.statusCtlBlocks()
        #expect(blocks.map(\.path).sorted() == [
            "Sources/StatusCtl/CheckCommand.swift",
            "Sources/StatusCtl/ListCommand.swift",
            "Sources/StatusCtl/StatusCtl.swift",
            "Sources/StatusCtl/StatusIndex.swift",
            "Sources/StatusCtl/StatusService.swift",
            "Sources/StatusCtl/StatusStubs.swift",
            "Sources/StatusKeys/StatusKeys.swift",
            "Tests/StatusCtlDriverTests/StatusCtlDriverTests.swift",
            "Tests/StatusCtlDriverTests/SubcommandDriverTests.swift",
        ])
        for block in blocks {
            let file = try String(contentsOf: package.appendingPathComponent(block.path), encoding: .utf8)
            #expect(file.components(separatedBy: "\n") == block.lines + [""], """
                docs/server-cli-testing.md shows \(block.path) differently from Examples/StatusCtl; change the page and the example together
                """)
        }
    }

    @Test("statusctl starts up the README's way — one index that fills itself, standard(index:).inject(), withoutDependencyArguments() — in an async main() of its ArgumentParser root command")
    func statusCtlUsesTheReadmeRecipe() throws {
        let code = try Self.statusCtlBlocks().flatMap(\.lines).joined(separator: "\n")
        #expect(code.contains("static let statusCtl = DynamicDependencyIndex { index in"))
        #expect(code.contains("try DynamicDependencyRegistry.standard(index: .statusCtl).inject()"))
        #expect(code.contains("struct StatusCtl: AsyncParsableCommand {"))
        #expect(code.contains("static func main() async {"))
        #expect(code.contains("await main(CommandLine.withoutDependencyArguments())"))
        for retired in ["index(into:", ".standard()", "RELAY_EXPLAIN\"]", "case \"-d\"", "report.description"] {
            #expect(!code.contains(retired), "the statusctl sample should not use \(retired)")
        }
    }
}
