/// A ``ListFormatter`` fixture: `  1. 200 g spaghetti`. Selected by
/// `factory=RelayDemo.ListFormatter.Numbered`.
struct NumberedListFormatter: ListFormatter {
    func lines(for items: [String]) -> [String] {
        items.enumerated().map { "  \($0.offset + 1). \($0.element)" }
    }
}
