/// Finds near misses for "did you mean" suggestions.
package enum NearMatch {
    /// Edit distance over Unicode scalars, case-insensitive: insertions, deletions,
    /// substitutions and swaps of two neighbours each count as one edit (optimal string
    /// alignment), so `Stbu7` is one edit from `Stub7`. Relay's only edit distance.
    package static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.lowercased().unicodeScalars)
        let y = Array(b.lowercased().unicodeScalars)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        // Three rows: the one two back is needed for swaps.
        var beforePrevious = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    value = min(value, beforePrevious[j - 2] + 1)
                }
                current[j] = value
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[y.count]
    }

    /// The last dot-separated component, ignoring generic arguments: `A.B<C.D>` → `B`.
    static func lastComponent(_ name: String) -> Substring {
        let base = name.prefix { $0 != "<" }
        return base.split(separator: ".").last ?? base[...]
    }

    /// Candidates that are plausibly what `name` meant: within an edit distance of a sixth
    /// of the name's length (at least 2) — a typo or two, not a different word — or sharing
    /// its last dot-separated component; of those, only the closest ones.
    package static func suggestions(for name: String, among candidates: [String], limit: Int = 3) -> [String] {
        let threshold = max(2, name.unicodeScalars.count / 6)
        let last = lastComponent(name).lowercased()
        var scored: [(distance: Int, candidate: String)] = []
        for candidate in candidates where candidate != name {
            let d = distance(name, candidate)
            let sameSuffix = !last.isEmpty && lastComponent(candidate).lowercased() == last
            if d <= threshold || sameSuffix {
                scored.append((sameSuffix ? min(d, threshold) : d, candidate))
            }
        }
        scored.sortStably { $0.distance != $1.distance ? $0.distance < $1.distance : naturalOrder($0.candidate, $1.candidate) }
        // Only the closest: a near-perfect match should not come with distant company.
        guard let best = scored.first?.distance else { return [] }
        return scored.prefix { $0.distance == best }.prefix(limit).map(\.candidate)
    }

    /// Orders names as people count: runs of ASCII digits compare by value, so `Stub2`
    /// comes before `Stub10`; otherwise by Unicode scalars (compared through UTF-8, whose
    /// byte order is the scalars' order).
    package static func naturalOrder(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8), right = Array(rhs.utf8)
        var i = 0, j = 0
        while i < left.count, j < right.count {
            if isDigit(left[i]), isDigit(right[j]) {
                // Compare the two runs by value: leading zeros dropped, then the longer run
                // is the larger number, then digit by digit.
                while i < left.count, left[i] == UInt8(ascii: "0") { i += 1 }
                while j < right.count, right[j] == UInt8(ascii: "0") { j += 1 }
                let leftStart = i, rightStart = j
                while i < left.count, isDigit(left[i]) { i += 1 }
                while j < right.count, isDigit(right[j]) { j += 1 }
                if i - leftStart != j - rightStart { return i - leftStart < j - rightStart }
                if let difference = zip(left[leftStart..<i], right[rightStart..<j]).first(where: { $0 != $1 }) {
                    return difference.0 < difference.1
                }
                continue
            }
            if left[i] != right[j] { return left[i] < right[j] }
            i += 1
            j += 1
        }
        return i == left.count && j < right.count
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// `'a', 'b', 'c'`, or the first `limit` followed by `and N more`.
    package static func quotedList(_ items: [String], limit: Int = 8) -> String {
        let shown = items.prefix(limit).map { UserText.quoted($0, limit: UserText.nameLimit) }.joined(separator: ", ")
        return items.count > limit ? "\(shown) and \(items.count - limit) more" : shown
    }
}
