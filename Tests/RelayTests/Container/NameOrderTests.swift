@testable import RelayContainer
import Testing

/// The order in which Relay lists names (near misses, indexed keys, a printed container):
/// numbers by value, everything else by Unicode scalar; and the library's one sort keeps
/// equal elements in their order.
@Suite struct NameOrderTests {
    @Test("runs of digits compare by value, so Stub2 comes before Stub10")
    func digitsByValue() {
        let names = ["Stub10", "Stub2", "Stub", "Stub02x", "Stub1", "StubA", "Stub9", "Stubé"]
        #expect(names.sortedStably(by: NearMatch.naturalOrder) == ["Stub", "Stub1", "Stub2", "Stub02x", "Stub9", "Stub10", "StubA", "Stubé"])
    }

    @Test("equal values with different leading zeros are neither before the other")
    func leadingZeros() {
        #expect(!NearMatch.naturalOrder("v007", "v7"))
        #expect(!NearMatch.naturalOrder("v7", "v007"))
        #expect(NearMatch.naturalOrder("v07a", "v7b"))
    }

    @Test("the library's sort is stable: equal elements keep their order")
    func stable() {
        let pairs = [(2, "a"), (1, "b"), (2, "c"), (1, "d"), (0, "e")]
        #expect(pairs.sortedStably { $0.0 < $1.0 }.map(\.1) == ["e", "b", "d", "a", "c"])
        var array = pairs
        array.sortStably { $0.0 > $1.0 }
        #expect(array.map(\.1) == ["a", "c", "b", "d", "e"])
        #expect([3, 1, 2].sortedStably() == [1, 2, 3])
        #expect([Int]().sortedStably().isEmpty)
    }
}
