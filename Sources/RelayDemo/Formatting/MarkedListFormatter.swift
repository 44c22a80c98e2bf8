import Relay

/// A ``ListFormatter`` fixture whose marker a driver chooses: `  → 200 g spaghetti` for
/// `factory=RelayDemo.ListFormatter.Marked,parameter=→`. One indexed factory serves every
/// marker, instead of one factory per marker.
struct MarkedListFormatter: ListFormatter {
    /// What starts each line: one to three characters.
    let marker: String

    func lines(for items: [String]) -> [String] {
        items.map { "  \(marker) \($0)" }
    }
}

extension MarkedListFormatter {
    /// The longest marker accepted.
    static let maxMarkerLength = 3

    /// How `parameter=` is read: the marker as written, one to three characters.
    static let markerParameter = DependencyParameter<String>(expecting: "a marker of 1 to \(maxMarkerLength) characters, e.g. →") { text in
        text.count <= maxMarkerLength ? text : nil
    }
}
