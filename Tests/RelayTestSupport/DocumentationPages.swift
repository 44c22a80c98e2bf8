import Foundation

// The one reader of the repository's documentation: the pages (README.md, docs/*.md, the
// DocC catalogs), the ```swift blocks on them and in `///` comments, the lines around a
// block that say how it is compiled, and the one way a block is found in a file. Every
// docs test and Scripts/check-doc-blocks.sh (which compiles each block) read pages through
// this file only.

/// The repository this file belongs to.
public enum Repository {
    /// The repository root: the nearest directory above this file that holds Package.swift.
    public static let root: URL = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
            directory.deleteLastPathComponent()
        }
        return directory
    }()

    /// The text of `path`, a path from the root.
    public static func text(of path: String, root: URL = root) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The lines of `path`, a path from the root.
    public static func lines(of path: String, root: URL = root) throws -> [String] {
        try text(of: path, root: root).components(separatedBy: "\n")
    }

    /// The files under `folder` (a path from the root) whose names end with `suffix`, as
    /// paths from the root, sorted; `.build` folders are not walked.
    public static func files(under folder: String, endingWith suffix: String, root: URL = root) -> [String] {
        let found = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)?.compactMap { $0 as? String } ?? []
        return found.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".build") && !$0.contains("/.build") }.sorted().map { "\(folder)/\($0)" }
    }
}

/// One ```swift block of a page or of a `///` comment.
public struct DocumentationBlock: CustomStringConvertible, Sendable {
    /// The page or source file, from the repository's root.
    public let page: String
    /// 1-based line of the block's first code line in `page`.
    public let line: Int
    /// The code, with the fence's own indentation removed.
    public let lines: [String]
    /// The headings the block sits under, outermost first (`## A five-minute tour`).
    public let headings: [String]
    /// The reason given by a `*Not compiled: <why>*` line right before the block.
    public let notCompiledBecause: String?
    /// What the `<!-- compile: … -->` comments right before the block say, in order
    /// (`module MyAppKeys`, `members of XCTestCase`).
    public let directives: [String]
    /// Whether the block sits between `<!-- install-snippet -->` and `<!-- /install-snippet -->`.
    public let isInstallSnippet: Bool
    /// Whether the block comes from a `///` comment of a source file.
    public let isDocComment: Bool
    /// For a block of a `///` comment: whether the comment documents public API (the
    /// declaration below it is `public` or `open`). Examples of internal and `package`
    /// declarations are not compiled: no client could write them.
    public var isPublicAPI: Bool = true

    public var description: String { "\(page):\(line)" }

    /// The value of the directive `name` (`module` → `MyAppKeys`), if the block has it.
    public func directive(_ name: String) -> String? {
        for directive in directives where directive == name || directive.hasPrefix(name + " ") {
            return String(directive.dropFirst(name.count)).trimmingCharacters(in: .whitespaces)
        }
        return nil
    }
}

/// Swift code a page gives for compiling its blocks without showing it to the reader:
/// the lines of a `<!-- compile: preamble` … `-->` comment.
public struct DocumentationPreamble: Sendable {
    public let page: String
    /// 1-based line of the comment's first line.
    public let line: Int
    public let lines: [String]
}

/// A page read: its blocks and preambles.
public struct DocumentationPage: Sendable {
    public let path: String
    public let blocks: [DocumentationBlock]
    public let preambles: [DocumentationPreamble]

    /// How the line before a block that is not compiled starts; the reason follows, and a
    /// closing `*` ends the line. In italics on the rendered page, so the reader sees it,
    /// and outside the code, so it is not copied with it.
    public static let notCompiledMarker = "*Not compiled: "
    /// How a comment that tells the compile check how to compile the next block starts.
    public static let directivePrefix = "<!-- compile: "
    /// The first line of a preamble comment.
    public static let preambleOpening = "<!-- compile: preamble"

    /// README.md, docs/*.md and every Markdown file of the two DocC catalogs.
    public static func pagePaths(root: URL = Repository.root) -> [String] {
        ["README.md"] + ["docs", "Sources/Relay/Relay.docc", "Sources/RelayTesting/RelayTesting.docc"].flatMap {
            Repository.files(under: $0, endingWith: ".md", root: root)
        }
    }

    /// Modules under Sources/ that are no part of the Relay and RelayTesting libraries:
    /// executables and the `relay` tool's core.
    public static let modulesOutsideTheLibraries: Set<String> = ["RelayDemo", "RelayTestingFixture", "RelayTool", "RelayToolCore"]

    /// The Swift sources whose `///` comments document the libraries' API: every module
    /// under Sources/ but `modulesOutsideTheLibraries` (Relay re-exports the modules it is
    /// made of, so their public API is Relay's).
    public static func sourcePaths(root: URL = Repository.root) -> [String] {
        let modules = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path)) ?? []
        return modules.sorted().filter { !modulesOutsideTheLibraries.contains($0) }.flatMap {
            Repository.files(under: "Sources/\($0)", endingWith: ".swift", root: root)
        }
    }

    /// The page at `path` (from the root).
    public static func load(_ path: String, root: URL = Repository.root) throws -> DocumentationPage {
        try parse(path, text: Repository.text(of: path, root: root))
    }

    /// The reason `line` gives, when it is a marker line.
    public static func reason(inMarker line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix(notCompiledMarker), trimmed.hasSuffix("*"), trimmed.count > notCompiledMarker.count else { return nil }
        return String(trimmed.dropFirst(notCompiledMarker.count).dropLast()).trimmingCharacters(in: .whitespaces)
    }

    /// Reads Markdown `text`, the page at `path`. A fence may be indented (inside a list
    /// item); that indentation is removed from the block's lines. Fences of other
    /// languages are skipped whole.
    public static func parse(_ path: String, text: String) -> DocumentationPage {
        parse(path, lines: text.components(separatedBy: "\n").enumerated().map { ($0.offset + 1, $0.element) }, isDocComment: false)
    }

    /// The ```swift blocks of the `///` comments of the Swift source `text` at `path`, read
    /// as Markdown (the `///` and one space removed), with their lines in the source.
    public static func parseDocComments(_ path: String, text: String) -> DocumentationPage {
        var blocks: [DocumentationBlock] = []
        var preambles: [DocumentationPreamble] = []
        var run: [(Int, String)] = []
        let source = text.components(separatedBy: "\n")
        func flush(declarationAt index: Int) {
            guard !run.isEmpty else { return }
            // The declaration the comment documents: its first line that is not an attribute.
            let declaration = source[index...].first { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("@") } ?? ""
            let words = declaration.split(separator: " ")
            // An enum's case is as public as its enum, which in these libraries is public.
            let isPublic = words.contains("public") || words.contains("open") || words.first == "case"
            let page = parse(path, lines: run, isDocComment: true)
            blocks += page.blocks.map { block in
                var block = block
                block.isPublicAPI = isPublic
                return block
            }
            preambles += page.preambles
            run = []
        }
        for (offset, line) in source.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("///") {
                var body = trimmed.dropFirst(3)
                if body.hasPrefix(" ") { body = body.dropFirst() }
                run.append((offset + 1, String(body)))
            } else {
                flush(declarationAt: offset)
            }
        }
        flush(declarationAt: source.count - 1)
        return DocumentationPage(path: path, blocks: blocks, preambles: preambles)
    }

    private static func parse(_ path: String, lines: [(number: Int, text: String)], isDocComment: Bool) -> DocumentationPage {
        var blocks: [DocumentationBlock] = []
        var preambles: [DocumentationPreamble] = []
        var headings: [(level: Int, text: String)] = []
        var insideInstallSnippet = false
        // What stands between the previous text and the next fence.
        var reason: String?
        var directives: [String] = []
        var index = 0
        while index < lines.count {
            let (number, line) = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            index += 1
            if trimmed.hasPrefix("```") {
                let indent = line.prefix { $0 == " " }.count
                var code: [String] = []
                while index < lines.count, lines[index].text.trimmingCharacters(in: .whitespaces) != "```" {
                    let text = lines[index].text
                    code.append(String(text.dropFirst(min(indent, text.prefix { $0 == " " }.count))))
                    index += 1
                }
                index += 1
                if trimmed == "```swift" {
                    blocks.append(DocumentationBlock(
                        page: path, line: number + 1, lines: code, headings: headings.map(\.text),
                        notCompiledBecause: reason, directives: directives,
                        isInstallSnippet: insideInstallSnippet, isDocComment: isDocComment))
                }
                reason = nil
                directives = []
            } else if trimmed == preambleOpening {
                var code: [String] = []
                while index < lines.count, lines[index].text.trimmingCharacters(in: .whitespaces) != "-->" {
                    code.append(lines[index].text)
                    index += 1
                }
                index += 1
                preambles.append(DocumentationPreamble(page: path, line: number, lines: code))
            } else if trimmed.hasPrefix(directivePrefix), trimmed.hasSuffix("-->") {
                directives.append(String(trimmed.dropFirst(directivePrefix.count).dropLast(3)).trimmingCharacters(in: .whitespaces))
            } else if trimmed == "<!-- install-snippet -->" {
                insideInstallSnippet = true
            } else if trimmed == "<!-- /install-snippet -->" {
                insideInstallSnippet = false
            } else if let marker = Self.reason(inMarker: trimmed) {
                reason = marker
            } else if !trimmed.isEmpty {
                reason = nil
                directives = []
                let level = trimmed.prefix { $0 == "#" }.count
                if level > 0, trimmed.dropFirst(level).hasPrefix(" "), line.first == "#" {
                    headings.removeAll { $0.level >= level }
                    headings.append((level, trimmed))
                }
            }
        }
        return DocumentationPage(path: path, blocks: blocks, preambles: preambles)
    }

    /// The blocks under the heading line `heading` (`## A five-minute tour`), its
    /// subsections included.
    public func blocks(inSection heading: String) -> [DocumentationBlock] {
        blocks.filter { $0.headings.contains(heading) }
    }
}

/// How a test says that a block is code of a file: the block is a run of the file's
/// lines, each with the same indentation added (blank lines may stay blank). Lines inside a
/// multi-line string literal are not code, so a block pasted into a test's fixture string
/// is not found there.
public enum DocumentationMatch {
    /// `file`'s lines, with every line that lies inside a `"""` string literal (its
    /// closing line included) replaced by `nil`.
    public static func codeLines(of file: [String]) -> [String?] {
        var inside = false
        return file.map { line in
            let quotes = line.components(separatedBy: "\"\"\"").count - 1
            let wasInside = inside
            if quotes % 2 == 1 { inside.toggle() }
            return wasInside ? nil : line
        }
    }

    /// Whether `block` is a run of lines of `file`, and each line that is code in the block
    /// is code in the file (a string literal of the block is one in the file too).
    public static func contains(_ block: [String], in file: [String]) -> Bool {
        guard !block.isEmpty, file.count >= block.count else { return false }
        let fileCode = codeLines(of: file).map { $0 != nil }
        let blockCode = codeLines(of: block).map { $0 != nil }
        return (0...(file.count - block.count)).contains { start in
            let first = file[start]
            guard fileCode[start] == blockCode[0], first.hasSuffix(block[0]) else { return false }
            let indent = String(first.dropLast(block[0].count))
            guard indent.allSatisfy({ $0 == " " }) else { return false }
            return block.indices.allSatisfy { offset in
                let wanted = block[offset]
                let actual = file[start + offset]
                return fileCode[start + offset] == blockCode[offset]
                    && (actual == indent + wanted || (wanted.isEmpty && actual.isEmpty))
            }
        }
    }

    /// The path of the first of `files` that holds `block`.
    public static func file(holding block: [String], in files: [(path: String, lines: [String])]) -> String? {
        files.first { contains(block, in: $0.lines) }?.path
    }
}
