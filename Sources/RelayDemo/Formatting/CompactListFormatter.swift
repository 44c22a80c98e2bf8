/// A ``ListFormatter`` that puts every item on one line: `  4 eggs, 400 g chopped
/// tomatoes, …`. Registered in code under the tag `DependencyTag.compact`, which
/// `--compact` resolves; an instruction with `tag=Compact` replaces it.
struct CompactListFormatter: ListFormatter {
    func lines(for items: [String]) -> [String] {
        items.isEmpty ? [] : ["  " + items.joined(separator: ", ")]
    }
}
