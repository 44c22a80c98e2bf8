/// Turns a list of items into indented lines.
///
/// The global container registers ``BulletListFormatter``; the `shopping` scope registers
/// ``ChecklistFormatter`` of its own, which `--shopping-list` resolves.
protocol ListFormatter: Sendable {
    /// One line per item, in order.
    func lines(for items: [String]) -> [String]
}
