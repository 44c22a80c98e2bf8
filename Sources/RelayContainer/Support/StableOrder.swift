/// Relay's one sort: the library sorts only to print, suggest and report in a stable order
/// (never while resolving), so every caller shares one sort routine over positions instead
/// of the standard library's sort specialised once per element type — each such copy is
/// several kilobytes in every app that links Relay (docs/performance.md, "What an app pays").
extension Sequence {
    /// The elements ordered by `areInIncreasingOrder`, equal ones in the order they came.
    package func sortedStably(by areInIncreasingOrder: (Element, Element) -> Bool) -> [Element] {
        let elements = Array(self)
        return StableOrder.positions(count: elements.count) { areInIncreasingOrder(elements[$0], elements[$1]) }
            .map { elements[$0] }
    }
}

extension Sequence where Element: Comparable {
    /// The elements in ascending order, equal ones in the order they came.
    package func sortedStably() -> [Element] {
        sortedStably(by: <)
    }
}

extension MutableCollection where Self: RandomAccessCollection {
    /// Sorts the collection in place by `areInIncreasingOrder`, keeping equal elements in
    /// their order.
    package mutating func sortStably(by areInIncreasingOrder: (Element, Element) -> Bool) {
        let sorted = sortedStably(by: areInIncreasingOrder)
        for (position, element) in zip(indices, sorted) {
            self[position] = element
        }
    }
}

/// The positions `0..<count` in the order `comesBefore` gives: the single specialisation
/// of the standard library's stable sort that Relay carries.
package enum StableOrder {
    @inline(never)
    package static func positions(count: Int, by comesBefore: (Int, Int) -> Bool) -> [Int] {
        Array(0..<count).sorted(by: comesBefore)
    }
}
