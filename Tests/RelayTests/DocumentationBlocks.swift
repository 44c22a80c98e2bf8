import Foundation

/// The Swift code a page of this repository teaches, for tests that keep a page and the
/// code it shows the same.
enum DocumentationBlocks {
    /// The ```swift blocks of `page` (a path from the repository's root) between the line
    /// `heading` and the next `## ` heading; none when the heading is missing.
    static func swiftBlocks(in page: String, section heading: String) throws -> [[String]] {
        let text = try String(contentsOf: ReadmeTourTests.root.appendingPathComponent(page), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: heading) else { return [] }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
        var blocks: [[String]] = []
        var current: [String]?
        for line in lines[start..<end] {
            if current == nil, line == "```swift" {
                current = []
            } else if let block = current, line == "```" {
                blocks.append(block)
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }
}
