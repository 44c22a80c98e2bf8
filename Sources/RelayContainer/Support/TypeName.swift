/// The one way Relay names a Swift type in a message, a report or a manifest: its fully
/// qualified name as the user wrote it.
///
/// `String(reflecting:)` names a type declared `private` or `fileprivate` with a segment
/// for its anonymous context — `App.(unknown context at $10c2f4a3c).Node` — which says
/// nothing to a reader and changes from build to build. Those segments are left out, in
/// the type itself and in its generic arguments:
///
/// ```swift
/// TypeName.of(Node.self)          // "App.Node", for a private Node in module App
/// TypeName.of([Node].self)        // "Swift.Array<App.Node>"
/// ```
///
/// Two private types of one name in one module then print alike; they are still two
/// types (keys compare by identity, never by name).
package enum TypeName {
    /// `type`'s fully qualified name without anonymous-context segments.
    package static func of(_ type: Any.Type) -> String {
        stripped(String(reflecting: type))
    }

    /// `name` without its `(unknown context at $…).` and `(unknown context).` segments.
    package static func stripped(_ name: String) -> String {
        let bytes = Array(name.utf8)
        let marker = Array("(unknown context".utf8)
        guard bytes.contains(UInt8(ascii: "(")) else { return name }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == marker[0], bytes[i...].starts(with: marker),
               let close = bytes[(i + marker.count)...].firstIndex(of: UInt8(ascii: ")")) {
                // The segment ends at its closing parenthesis; the dot after it goes too.
                i = close + 1
                if i < bytes.count, bytes[i] == UInt8(ascii: ".") { i += 1 }
                continue
            }
            result.append(bytes[i])
            i += 1
        }
        return String(decoding: result, as: UTF8.self)
    }
}
