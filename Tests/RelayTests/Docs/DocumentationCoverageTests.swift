import Foundation
import Testing

// Every ```swift block of README.md, docs/*.md and the two DocC catalogs (articles and
// Extensions alike) is code that is built — and run, where it is a whole program or test —
// or says on its first line why it is not:
//
// - checked: the block is, line for line, a run of lines of a Swift file that is built:
//   a file of this package's Tests/ (built and run by `swift test`), or a source, test or
//   manifest of a package under Examples/ (built and run by Scripts/test-examples.sh and
//   Scripts/check-seed-fixtures.sh). One indentation may be added to every line of the
//   block, so that a block may be the body of a function or of a type. The sections whose
//   blocks must come from one particular file say so in tests of their own
//   (ReadmeTourTests, ServerDocsExampleTests, DocsCodeTests, BestPracticesDriverExampleTests).
// - the README's install snippet (between `<!-- install-snippet -->` lines) is a manifest
//   fragment that Scripts/check-install.sh resolves and builds against this repository.
// - marked: the last line of text before the block is `*Not compiled: <why>*` — in
//   italics on the rendered page, so the reader sees it, and outside the code, so it is not
//   copied with it.
//
// Pages and blocks are found, not listed: a new page or a new block is covered without
// changing this file.

@Suite("Every documented Swift block is built or says why not")
struct DocumentationCoverageTests {
    /// One ```swift block of a page.
    struct Block: CustomStringConvertible {
        let page: String
        /// 1-based line of the block's first code line.
        let line: Int
        let lines: [String]
        /// Whether the block sits between the README's install-snippet markers.
        let isInstallSnippet: Bool
        /// The reason given by a `*Not compiled: <why>*` line right before the block.
        let notCompiledBecause: String?

        var description: String { "\(page):\(line)" }
    }

    /// How the line before a block that is not built starts; the reason follows, and a
    /// closing `*` ends the line.
    static let marker = "*Not compiled: "

    /// The reason `line` gives, when it is a marker line.
    static func reason(inMarker line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix(marker), trimmed.hasSuffix("*"), trimmed.count > marker.count else { return nil }
        return String(trimmed.dropFirst(marker.count).dropLast()).trimmingCharacters(in: .whitespaces)
    }

    /// README.md, docs/*.md and every Markdown file of the two DocC catalogs.
    static func pages() -> [String] {
        let files = FileManager.default
        var pages = ["README.md"]
        for folder in ["docs", "Sources/Relay/Relay.docc", "Sources/RelayTesting/RelayTesting.docc"] {
            let found = files.enumerator(atPath: ReadmeTourTests.root.appendingPathComponent(folder).path)?
                .compactMap { $0 as? String } ?? []
            pages += found.filter { $0.hasSuffix(".md") }.sorted().map { "\(folder)/\($0)" }
        }
        return pages
    }

    /// The ```swift blocks of `text`, the page at `page`. A fence may be indented (inside a
    /// list item); that indentation is removed from the block's lines.
    static func blocks(of page: String, text: String) -> [Block] {
        var blocks: [Block] = []
        var current: (start: Int, indent: Int, lines: [String], install: Bool, reason: String?)?
        var insideInstallSnippet = false
        var lastText = ""
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil {
                if trimmed == "<!-- install-snippet -->" { insideInstallSnippet = true }
                if trimmed == "<!-- /install-snippet -->" { insideInstallSnippet = false }
                if trimmed == "```swift" {
                    current = (number + 2, line.prefix { $0 == " " }.count, [], insideInstallSnippet, reason(inMarker: lastText))
                } else if !trimmed.isEmpty {
                    lastText = trimmed
                }
            } else if trimmed == "```", let block = current {
                blocks.append(Block(page: page, line: block.start, lines: block.lines, isInstallSnippet: block.install, notCompiledBecause: block.reason))
                lastText = trimmed
                current = nil
            } else if let block = current {
                let indent = line.prefix { $0 == " " }.count
                current?.lines.append(String(line.dropFirst(min(indent, block.indent))))
            }
        }
        return blocks
    }

    /// Every Swift file that is built: Tests/ of this package, and every example package's
    /// sources, tests and manifest (not their .build folders).
    static func builtFiles() throws -> [(path: String, lines: [String])] {
        let files = FileManager.default
        var paths: [String] = []
        let tests = ReadmeTourTests.root.appendingPathComponent("Tests")
        paths += (files.enumerator(atPath: tests.path)?.compactMap { $0 as? String } ?? []).map { "Tests/\($0)" }
        let examples = ReadmeTourTests.root.appendingPathComponent("Examples")
        for package in (try? files.contentsOfDirectory(atPath: examples.path)) ?? [] {
            paths.append("Examples/\(package)/Package.swift")
            for folder in ["Sources", "Tests"] {
                let folderPath = examples.appendingPathComponent(package).appendingPathComponent(folder).path
                paths += (files.enumerator(atPath: folderPath)?.compactMap { $0 as? String } ?? []).map { "Examples/\(package)/\(folder)/\($0)" }
            }
        }
        return try paths.filter { $0.hasSuffix(".swift") && files.fileExists(atPath: ReadmeTourTests.root.appendingPathComponent($0).path) }
            .sorted()
            .map { ($0, try DocsCodeTests.lines(of: $0)) }
    }

    /// What covers `block`: the file it is code of, the install check, or its marker's
    /// reason; `nil` when nothing does.
    static func coverage(of block: Block, in files: [(path: String, lines: [String])]) -> String? {
        if let reason = block.notCompiledBecause {
            return reason.count >= 10 ? "marked: \(reason)" : nil
        }
        if block.isInstallSnippet && block.page == "README.md" { return "Scripts/check-install.sh" }
        return files.first { DocsCodeTests.contains(block.lines, in: $0.lines) }?.path
    }

    @Test("every Swift block of README.md, docs/ and the DocC catalogs is code of a built file, or is marked")
    func everyBlockIsBuiltOrMarked() throws {
        let files = try Self.builtFiles()
        var count = 0
        for page in Self.pages() {
            let text = try String(contentsOf: ReadmeTourTests.root.appendingPathComponent(page), encoding: .utf8)
            for block in Self.blocks(of: page, text: text) {
                count += 1
                #expect(Self.coverage(of: block, in: files) != nil, """
                    \(block): this Swift block is not, line for line, in any file that is built (Tests/, \
                    Examples/*/Sources, Tests or Package.swift). Make it code of a test or an example and \
                    keep the two the same, or put the line `\(Self.marker)<why>*` right before it:
                    \(block.lines.joined(separator: "\n"))
                    """)
            }
        }
        #expect(Self.pages().contains("Sources/RelayTesting/RelayTesting.docc/TestingInProcess.md"))
        #expect(Self.pages().contains("Sources/Relay/Relay.docc/Extensions/CommandLine.md"))
        #expect(count >= 80, "expected the pages to hold at least 80 Swift blocks, found \(count)")
    }

    @Test("a changed, unmarked or badly marked block is caught; an indented fence is read")
    func detectsUncoveredBlocks() {
        let files = [(path: "Tests/X.swift", lines: ["func f() {", "    let a = 1", "    let b = 2", "}"])]
        let page = """
            Text.

            ```swift
            let a = 1
            let b = 2
            ```

            - A list item:

              ```swift
              let b = 2
              ```

            ```swift
            let a = 1
            let b = 3
            ```

            *Not compiled: needs UIKit, which Linux has not.*

            ```swift
            import UIKit
            ```

            *Not compiled:*
            ```swift
            let c = 4
            ```
            """
        let blocks = Self.blocks(of: "page.md", text: page)
        #expect(blocks.map(\.line) == [4, 11, 15, 22, 27])
        #expect(blocks.map { Self.coverage(of: $0, in: files) } == [
            "Tests/X.swift", "Tests/X.swift", nil, "marked: needs UIKit, which Linux has not.", nil,
        ])
    }
}
