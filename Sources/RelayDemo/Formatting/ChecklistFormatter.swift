/// The ``ListFormatter`` of the `shopping` scope: `  [ ] 200 g spaghetti`. Also indexed as
/// `RelayDemo.ListFormatter.Checklist`.
struct ChecklistFormatter: ListFormatter {
    func lines(for items: [String]) -> [String] {
        items.map { "  [ ] \($0)" }
    }
}
