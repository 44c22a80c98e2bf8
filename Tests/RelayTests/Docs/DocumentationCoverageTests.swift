import Foundation
import RelayTestSupport
import Testing

// Every ```swift block of README.md, docs/*.md, the two DocC catalogs and the `///` comments
// of the libraries' public API (Sources/) is compiled, or says on its page why not:
//
// - compiled by Scripts/check-doc-blocks.sh (CI), as written, against Relay and
//   RelayTesting — the default; `<!-- compile: … -->` comments before a block and
//   `<!-- compile: preamble` comments on the page tell it how (docs/writing-docs.md);
// - `<!-- compile: in <path> -->`: the block is, line for line, code of that Swift file,
//   which is built (and run) — a test of this package, or a file of a package under
//   Examples/ that Scripts/test-examples.sh or Scripts/check-seed-fixtures.sh builds.
//   Text inside a string literal of the file does not count;
// - the README's install snippet (between `<!-- install-snippet -->` lines), which
//   Scripts/check-install.sh resolves and builds;
// - `*Not compiled: <why>*` on the last line of text before it, which the reader sees.
//
// This test checks what needs no compiler: that the paths and the directives are right,
// and that every block named code of a file is that file's code.

@Suite("Every documented Swift block is compiled or says why not")
struct DocumentationCoverageTests {
    /// What may follow `<!-- compile: `.
    static let directives = ["module", "with", "members of", "in"]

    /// Every page and every source with doc comments, read.
    static func allPages() throws -> [DocumentationPage] {
        try DocumentationPage.pagePaths().map { try DocumentationPage.load($0) }
            + DocumentationPage.sourcePaths().map { DocumentationPage.parseDocComments($0, text: try Repository.text(of: $0)) }
    }

    /// The problem with `block`, or `nil` when it is compiled or rightly marked.
    static func problem(with block: DocumentationBlock, root: URL = Repository.root) -> String? {
        if let reason = block.notCompiledBecause {
            return reason.count >= 10 ? nil : "the reason after `\(DocumentationPage.notCompiledMarker)` is too short to tell a reader why"
        }
        for directive in block.directives where !directives.contains(where: { directive == $0 || directive.hasPrefix($0 + " ") }) {
            return "unknown `<!-- compile: \(directive) -->`; the directives are: \(directives.joined(separator: ", "))"
        }
        guard let path = block.directive("in") else { return nil }
        let isBuilt = path.hasSuffix(".swift") && (path.hasPrefix("Tests/") || path.hasPrefix("Examples/"))
        guard isBuilt, let file = try? Repository.lines(of: path, root: root) else {
            return "`<!-- compile: in \(path) -->` names no Swift file under Tests/ or Examples/"
        }
        guard DocumentationMatch.contains(block.lines, in: file) else {
            return "the block is not, line for line, code of \(path) (text inside a string literal does not count); change the page and the file together"
        }
        return nil
    }

    @Test("every Swift block of the pages and the doc comments is compiled, code of a named built file, or marked")
    func everyBlockIsCompiledOrMarked() throws {
        let pages = try Self.allPages()
        for block in pages.flatMap(\.blocks) {
            if let problem = Self.problem(with: block) {
                Issue.record("\(block): \(problem):\n\(block.lines.joined(separator: "\n"))")
            }
        }
        let pageBlocks = pages.filter { !$0.path.hasSuffix(".swift") }.flatMap(\.blocks)
        let commentBlocks = pages.filter { $0.path.hasSuffix(".swift") }.flatMap(\.blocks)
        #expect(pageBlocks.count >= 100, "expected the pages to hold at least 100 Swift blocks, found \(pageBlocks.count)")
        #expect(commentBlocks.count >= 100, "expected the doc comments to hold at least 100 Swift blocks, found \(commentBlocks.count)")
        #expect(DocumentationPage.pagePaths().contains("Sources/Relay/Relay.docc/Extensions/CommandLine.md"))
    }

    @Test("a page is read: fences, indentation, markers, directives, preambles, headings, the install snippet")
    func readsAPage() {
        let page = DocumentationPage.parse("page.md", text: """
            # Title

            ## First

            ```swift
            let a = 1
            ```

            - A list item:

              <!-- compile: module Keys -->
              ```swift
              let b = 2
              ```

            ```text
            ```swift
            ```

            <!-- compile: preamble
            let c = 3
            -->

            ### Deeper

            *Not compiled: needs a device, which CI has not.*

            ```swift
            import UIKit
            ```

            <!-- install-snippet -->
            ```swift
            .package(path: "..")
            ```
            <!-- /install-snippet -->
            """)
        #expect(page.blocks.map(\.line) == [6, 13, 29, 34])
        #expect(page.blocks[1].lines == ["let b = 2"])
        #expect(page.blocks[1].directive("module") == "Keys")
        #expect(page.blocks.map(\.notCompiledBecause) == [nil, nil, "needs a device, which CI has not.", nil])
        #expect(page.blocks.map(\.isInstallSnippet) == [false, false, false, true])
        #expect(page.blocks[2].headings == ["# Title", "## First", "### Deeper"])
        #expect(page.blocks(inSection: "### Deeper").count == 2)
        #expect(page.preambles.map(\.lines) == [["let c = 3"]])
    }

    @Test("doc comments are read as Markdown, with their lines in the source")
    func readsDocComments() {
        let page = DocumentationPage.parseDocComments("Sources/X.swift", text: """
            /// Does things.
            ///
            /// ```swift
            /// let x = thing()
            /// ```
            func thing() -> Int { 1 }
                /// ```swift
                ///     indented()
                /// ```
            """)
        #expect(page.blocks.map(\.line) == [4, 8])
        #expect(page.blocks.map(\.lines) == [["let x = thing()"], ["    indented()"]])
        #expect(page.blocks.allSatisfy { $0.isDocComment })
    }

    @Test("a changed block, a block inside a string literal, a bad path or directive is caught")
    func detectsWrongBlocks() throws {
        let file = ["func f() {", "    let a = 1", "    let b = 2", "    let text = \"\"\"", "    let c = 3", "    \"\"\"", "}"]
        #expect(DocumentationMatch.contains(["let a = 1", "let b = 2"], in: file))
        #expect(!DocumentationMatch.contains(["let a = 1", "let b = 3"], in: file))
        #expect(!DocumentationMatch.contains(["let b = 2", "let a = 1"], in: file))
        #expect(!DocumentationMatch.contains(["let c = 3"], in: file), "text inside a string literal is not code")
        #expect(DocumentationMatch.contains(["let text = \"\"\"", "let c = 3", "\"\"\""], in: file), "a block's own string literal matches")

        let page = DocumentationPage.parse("page.md", text: """
            <!-- compile: in Tests/RelayTests/Docs/DocumentationCoverageTests.swift -->
            ```swift
            static let directives = ["module", "with", "members of", "in"]
            ```

            <!-- compile: in Tests/RelayTests/Docs/DocumentationCoverageTests.swift -->
            ```swift
            let c = 3
            ```

            <!-- compile: in docs/nowhere.swift -->
            ```swift
            let d = 4
            ```

            <!-- compile: wrapped -->
            ```swift
            let e = 5
            ```

            *Not compiled:*
            ```swift
            let f = 6
            ```
            """)
        let problems = page.blocks.map { Self.problem(with: $0) }
        #expect(problems[0] == nil)
        #expect(problems[1]?.contains("not, line for line, code of") == true, "`let c = 3` is only in this file's string literal")
        #expect(problems[2]?.contains("names no Swift file") == true)
        #expect(problems[3]?.contains("unknown `<!-- compile: wrapped -->`") == true)
        // `*Not compiled:*` alone is no marker: the block is compiled, like any other.
        #expect(page.blocks[4].notCompiledBecause == nil)
    }
}
