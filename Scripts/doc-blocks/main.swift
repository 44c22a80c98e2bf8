import Foundation

// Writes every ```swift block of the pages (README.md, docs/, the DocC catalogs) and of the
// `///` comments of the libraries' sources (Sources/) into a package of its own, one
// module per block, which Scripts/check-doc-blocks.sh then builds against this repository.
// Compiled together with Tests/RelayTestSupport/DocumentationPages.swift, the one reader of
// pages. How a block is compiled is docs/writing-docs.md's "Swift blocks are compiled".
//
// Usage: generate <output package folder> [only the pages and sources whose paths start with this]
// Prints one line per block that is not compiled (`page:line: not compiled: why`).

let root = Repository.root
let output = URL(fileURLWithPath: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : ".build-doc-blocks/package",
                 relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL

/// The modules every block may use without importing them itself: what an example on a
/// page of Relay may take as given.
let defaultImports = ["import Foundation", "import Relay", "import RelayTesting", "import Testing"]

// MARK: Splitting a block into top-level items

/// A block's lines, split into top-level items: a declaration (kept at file scope), an
/// import, or a statement (moved into a function, as top-level code of a `main.swift`).
struct Item {
    enum Kind { case importDeclaration, declaration, member, statement }
    var kind: Kind
    /// 0-based index of the first line in the block.
    var start: Int
    var lines: [String]
}

let declarationKeywords: Set<String> = [
    "struct", "class", "enum", "protocol", "extension", "actor", "func", "typealias", "macro", "precedencegroup", "operator",
    "infix", "prefix", "postfix",
]
let modifiers: Set<String> = [
    "public", "private", "fileprivate", "internal", "package", "open", "final", "nonisolated", "indirect", "mutating",
    "nonmutating", "override", "required", "convenience", "dynamic", "lazy", "weak", "unowned",
]

/// The change in bracket depth over `line`, ignoring string literals and comments;
/// `inMultilineString` carries a `"""` string across lines.
func depthChange(of line: String, inMultilineString: inout Bool) -> Int {
    var depth = 0
    var characters = Array(line)
    var index = 0
    var inString = false
    if inMultilineString {
        guard let close = line.range(of: "\"\"\"") else { return 0 }
        inMultilineString = false
        characters = Array(line[close.upperBound...])
    }
    while index < characters.count {
        let character = characters[index]
        if inString {
            if character == "\\" { index += 1 } else if character == "\"" { inString = false }
        } else if character == "\"" {
            if index + 2 < characters.count, characters[index + 1] == "\"", characters[index + 2] == "\"" {
                let rest = String(characters[(index + 3)...])
                if let close = rest.range(of: "\"\"\"") {
                    characters = Array(rest[close.upperBound...])
                    index = 0
                    continue
                }
                inMultilineString = true
                return depth
            }
            inString = true
        } else if character == "/", index + 1 < characters.count, characters[index + 1] == "/" {
            break
        } else if "{([".contains(character) {
            depth += 1
        } else if "})]".contains(character) {
            depth -= 1
        }
        index += 1
    }
    return depth
}

/// The first word of `line` after attributes (`@MainActor`, `@Test(...)`) and modifiers.
func leadingKeyword(of line: String) -> String {
    var rest = Substring(line.trimmingCharacters(in: .whitespaces))
    while true {
        if rest.hasPrefix("@") {
            // An attribute: its name, then a balanced argument list if any.
            rest = rest.dropFirst().drop { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
            if rest.hasPrefix("(") {
                var depth = 0
                var end = rest.startIndex
                for index in rest.indices {
                    if rest[index] == "(" { depth += 1 }
                    if rest[index] == ")" { depth -= 1; if depth == 0 { end = rest.index(after: index); break } }
                }
                rest = rest[end...]
            }
            rest = rest.drop { $0 == " " }
            continue
        }
        let word = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "#" })
        if modifiers.contains(word) || word.hasPrefix("private(") {
            rest = rest.dropFirst(word.count)
            if rest.hasPrefix("(") { rest = rest.drop { $0 != ")" }.dropFirst() }
            rest = rest.drop { $0 == " " }
            continue
        }
        return word
    }
}

func isContinuation(_ trimmed: String) -> Bool {
    ["}", ")", "]", ".", "else", "catch", "where", "&&", "||", "?", ":", "->", "+", "??", "=", "in "].contains { trimmed.hasPrefix($0) }
}

func kind(of lines: [String]) -> Item.Kind {
    // The first line that says what the item is: not a comment, attribute line or #if.
    for line in lines {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.hasPrefix("//") || trimmed.hasPrefix("#if") || trimmed.hasPrefix("#else")
            || trimmed.hasPrefix("#elseif") || trimmed.hasPrefix("#endif") { continue }
        let word = leadingKeyword(of: trimmed)
        if word.isEmpty { continue }  // an attribute alone on its line
        if word == "import" { return .importDeclaration }
        if declarationKeywords.contains(word) { return .declaration }
        if word == "static" || word == "case" || word == "init" || word == "deinit" || word == "subscript" { return .member }
        if (word == "let" || word == "var") && trimmed.hasPrefix("@") { return .member }  // `@Injected var`
        return .statement
    }
    return .declaration
}

func items(of block: [String]) -> [Item] {
    var items: [Item] = []
    var current: Item?
    var depth = 0
    var conditionalDepth = 0
    var inMultilineString = false
    var pendingPrefix: (start: Int, lines: [String])?  // comments and attribute lines before an item
    for (index, line) in block.enumerated() {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        let startsItem = depth == 0 && conditionalDepth == 0 && !inMultilineString && !trimmed.isEmpty
            && !(current != nil && isContinuation(trimmed))
            && !(current.map { ($0.lines.last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) ?? "")
                .trimmingCharacters(in: .whitespaces).hasSuffixAny([",", "(", "[", "=", "->", "&&", "||", "in"]) } ?? false)
        if startsItem {
            if let item = current { items.append(item); current = nil }
            let isPrefix = trimmed.hasPrefix("//") || (trimmed.hasPrefix("@") && leadingKeyword(of: trimmed).isEmpty)
            if isPrefix {
                if pendingPrefix == nil { pendingPrefix = (index, []) }
                pendingPrefix!.lines.append(line)
                continue
            }
            let start = pendingPrefix?.start ?? index
            current = Item(kind: .statement, start: start, lines: (pendingPrefix?.lines ?? []) + [line])
            pendingPrefix = nil
        } else if current != nil {
            current!.lines.append(line)
        } else if var prefix = pendingPrefix {
            prefix.lines.append(line)
            pendingPrefix = prefix
        } else if !trimmed.isEmpty {
            current = Item(kind: .statement, start: index, lines: [line])
        }
        if !inMultilineString || true { depth += depthChange(of: line, inMultilineString: &inMultilineString) }
        if trimmed.hasPrefix("#if") { conditionalDepth += 1 }
        if trimmed.hasPrefix("#endif") { conditionalDepth -= 1 }
    }
    if let item = current { items.append(item) }
    if let prefix = pendingPrefix { items.append(Item(kind: .declaration, start: prefix.start, lines: prefix.lines)) }
    return items.map { item in
        var item = item
        item.kind = kind(of: item.lines)
        return item
    }
}

extension String {
    func hasSuffixAny(_ suffixes: [String]) -> Bool { suffixes.contains { hasSuffix($0) } }
}

// MARK: Writing the package

/// A module of the generated package.
struct Module {
    var name: String
    var dependencies: [String]
    var files: [(name: String, text: String)]
}

func moduleName(for block: DocumentationBlock) -> String {
    let base = block.page.map { $0.isLetter || $0.isNumber ? $0 : "_" }
    return "Block_" + String(base) + "_\(block.line)"
}

/// `line`, a line of the page, for the compiler's messages.
func location(_ block: DocumentationBlock, line: Int) -> String {
    "#sourceLocation(file: \"\(root.appendingPathComponent(block.page).path)\", line: \(block.line + line))"
}

/// The Swift file that compiles `block`: its imports, its declarations at file scope, its
/// statements in a function (as top-level code of a program), its members in a type.
func source(of block: DocumentationBlock, imports fallback: [String]) -> String {
    let parts = items(of: block.lines)
    var text = "// Generated by Scripts/check-doc-blocks.sh from \(block); change the page, not this file.\n"
    let ownImports = parts.filter { $0.kind == .importDeclaration }
    var imports: [String] = ownImports.isEmpty ? fallback : []
    if ownImports.flatMap(\.lines).contains(where: { $0.contains("import XCTest") }) || imports.contains("import XCTest") {
        imports.append("import XCUITestStandIns")  // what Linux's XCTest lacks: XCUIApplication and its kin
    }
    text += imports.joined(separator: "\n") + "\n"
    for item in ownImports {
        text += location(block, line: item.start) + "\n" + item.lines.joined(separator: "\n") + "\n"
    }
    let container = block.directive("members of")
    for item in parts where item.kind == .declaration && container == nil {
        text += location(block, line: item.start) + "\n" + item.lines.joined(separator: "\n") + "\n"
    }
    let members = parts.filter { $0.kind == .member || (container != nil && $0.kind == .declaration) }
    if !members.isEmpty {
        let opening = container.map { "final class DocBlockMembers_\(block.line): \($0) {" } ?? "enum DocBlockMembers_\(block.line) {"
        text += location(block, line: 0) + "\n\(opening)\n"
        for item in members {
            text += location(block, line: item.start) + "\n" + item.lines.joined(separator: "\n") + "\n"
        }
        text += location(block, line: 0) + "\n}\n"
    }
    let statements = parts.filter { $0.kind == .statement }
    if !statements.isEmpty {
        text += location(block, line: 0) + "\n@MainActor func docBlock_\(block.line)() async throws {\n"
        for item in statements {
            text += location(block, line: item.start) + "\n" + item.lines.joined(separator: "\n") + "\n"
        }
        text += location(block, line: 0) + "\n}\n"
    }
    return text
}

func swiftLiteral(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }

var modules: [Module] = []
var notCompiled: [String] = []
var blockCount = 0
var failures: [String] = []
/// Examples in the doc comments of internal and `package` declarations: not compiled.
var internalExamples: [String] = []

func standInModules() throws -> [Module] {
    var result: [Module] = []
    for folder in ["Tests/DocBlocks/StandIns", "Tests/DocBlocks/Context"] {
        let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path).sorted()
        for name in names {
            let files = Repository.files(under: "\(folder)/\(name)", endingWith: ".swift")
            result.append(Module(
                name: name,
                dependencies: folder.hasSuffix("Context") ? ["Relay", "RelayTesting", "XCUITestStandIns"] : [],
                files: try files.map { ($0.split(separator: "/").last.map(String.init)!, try Repository.text(of: $0)) }))
        }
    }
    return result
}

let support = try standInModules()
let standInNames = support.filter { $0.dependencies.isEmpty }.map(\.name)

func add(_ page: DocumentationPage, context: [String]) {
    var named: [String: Int] = [:]  // module name → index in `modules`
    var namedOrder: [String] = []
    for block in page.blocks {
        blockCount += 1
        if let reason = block.notCompiledBecause {
            notCompiled.append("\(block): not compiled: \(reason)")
            continue
        }
        if block.isInstallSnippet { continue }  // Scripts/check-install.sh builds it
        if !block.isPublicAPI {
            internalExamples.append("\(block)")
            continue
        }
        if block.directive("in") != nil { continue }  // code of a file that is built; DocumentationCoverageTests checks it is
        let preambles = page.preambles.filter { $0.line < block.line }
        let preambleImports = preambles.flatMap(\.lines).filter { $0.hasPrefix("import ") }
        let name = block.directive("module") ?? moduleName(for: block)
        let copied = block.directive("with")?.split(separator: " ").map(String.init) ?? []
        for group in copied where named[group] == nil {
            failures.append("\(block): `<!-- compile: with \(group) -->` names no earlier `<!-- compile: module \(group) -->` block of the page")
        }
        // Earlier named modules of the page: a fragment sees their internal names too, as
        // a test target does its app's.
        let earlier = namedOrder.filter { $0 != name && !copied.contains($0) }
        var imports = defaultImports + context.map { "import \($0)" } + earlier.map { "@testable import \($0)" }
        for line in preambleImports where !imports.contains(line) { imports.append(line) }
        let file = (name: "L\(block.line).swift", text: source(of: block, imports: imports))
        if let index = named[name] {
            modules[index].files.append(file)
            continue
        }
        var files = [file]
        for group in copied {
            guard let index = named[group] else { continue }
            files += modules[index].files.filter { $0.name != "Preamble.swift" }.map { ("\(group)_\($0.name)", $0.text) }
        }
        if !preambles.isEmpty {
            let preambleText = "// Generated by Scripts/check-doc-blocks.sh: the preamble of \(page.path), not shown to readers.\n"
                + preambles.map { preamble in
                    location(DocumentationBlock(page: page.path, line: preamble.line, lines: [], headings: [], notCompiledBecause: nil,
                                                directives: [], isInstallSnippet: false, isDocComment: false), line: 0)
                        + "\n" + preamble.lines.joined(separator: "\n")
                        + (preamble.lines.contains("import XCTest") ? "\nimport XCUITestStandIns" : "")
                }.joined(separator: "\n") + "\n"
            files.append((name: "Preamble.swift", text: preambleText))
        }
        modules.append(Module(name: name, dependencies: ["Relay", "RelayTesting"] + standInNames + context + earlier, files: files))
        if block.directive("module") != nil {
            named[name] = modules.count - 1
            namedOrder.append(name)
        }
    }
}

/// Only the pages and sources whose paths start with this, when given (to try one page).
let only = CommandLine.arguments.count > 2 ? CommandLine.arguments[2] : ""
for path in DocumentationPage.pagePaths() where path.hasPrefix(only) {
    add(try DocumentationPage.load(path), context: [])
}
for path in DocumentationPage.sourcePaths() where path.hasPrefix(only) {
    add(DocumentationPage.parseDocComments(path, text: try Repository.text(of: path)), context: ["DocCommentContext"])
}

// The package.
let fileManager = FileManager.default
try? fileManager.removeItem(at: output.appendingPathComponent("Sources"))
try fileManager.createDirectory(at: output, withIntermediateDirectories: true)
for module in support + modules {
    let folder = output.appendingPathComponent("Sources").appendingPathComponent(module.name)
    try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
    for file in module.files {
        try Data(file.text.utf8).write(to: folder.appendingPathComponent(file.name))
    }
}
let products = Set(["Relay", "RelayTesting"])
let targets = (support + modules).map { module in
    let dependencies = module.dependencies.map { products.contains($0) ? ".product(name: \(swiftLiteral($0)), package: \"Relay\")" : swiftLiteral($0) }
    return "        .target(name: \(swiftLiteral(module.name)), dependencies: [\(dependencies.joined(separator: ", "))]),"
}
let manifest = """
    // swift-tools-version: 6.0
    // Generated by Scripts/check-doc-blocks.sh: every Swift block of Relay's pages and doc
    // comments, one module each, built against the repository at \(root.path).
    import PackageDescription

    let package = Package(
        name: "RelayDocBlocks",
        platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
        dependencies: [.package(name: "Relay", path: \(swiftLiteral(root.path)))],
        targets: [
    \(targets.joined(separator: "\n"))
        ],
        swiftLanguageModes: [.v6]
    )

    """
try Data(manifest.utf8).write(to: output.appendingPathComponent("Package.swift"))
for line in notCompiled { print(line) }
if !failures.isEmpty {
    for line in failures { FileHandle.standardError.write(Data("\(line)\n".utf8)) }
    exit(1)
}
print("\(blockCount) Swift blocks: \(modules.count) modules to build, \(notCompiled.count) marked not compiled, \(internalExamples.count) in doc comments of internal or package declarations (\(internalExamples.joined(separator: ", "))), not compiled")
