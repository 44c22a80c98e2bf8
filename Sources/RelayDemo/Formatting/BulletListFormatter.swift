/// The global ``ListFormatter``: `  • 200 g spaghetti`.
struct BulletListFormatter: ListFormatter {
    func lines(for items: [String]) -> [String] {
        items.map { "  • \($0)" }
    }
}
