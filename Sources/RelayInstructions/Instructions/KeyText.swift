import RelayContainer
/// The text of a ``DependencyTypeKey`` or ``DependencyFactoryKey``, with its hash computed
/// once, when the key is made.
///
/// Keys are looked up many times after they are made: by the merge, the repeat check and
/// the index, each in a table of up to tens of thousands of keys that share long prefixes
/// (`MyApp.Feature.…`). A `String` key is hashed in full on every look-up, and every key
/// a probe passes is compared byte by byte, in memory that is rarely in the cache. With the
/// hash kept here, a look-up hashes one integer, and two different keys are told apart by
/// their hashes without reading their text.
///
/// Equality is still the `String`'s (Unicode canonical equivalence), and the stored hash is
/// the `String`'s own `hashValue`, so keys that are equal have equal hashes, as `Hashable`
/// requires.
struct KeyText: Hashable, Sendable {
    let string: String
    private let hash: Int

    init(_ string: String) {
        self.string = string
        hash = string.hashValue
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.hash == rhs.hash && lhs.string == rhs.string
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}
