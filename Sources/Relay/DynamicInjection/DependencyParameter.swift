/// How an indexed factory reads the text a driver gives it with `parameter=`, and what
/// text it expects.
///
/// A stub often needs one value from the test — the time a fixed clock shows, the reason a
/// payment gateway declines. Instead of indexing one factory per value, index one factory
/// with a parameter, and let the instruction carry the value:
///
/// ```swift
/// extension DependencyParameter where Value == Date {
///     static let iso8601 = DependencyParameter(expecting: "an ISO 8601 date, e.g. 2025-03-14T09:00:00Z") { text in
///         ISO8601DateFormatter().date(from: text)
///     }
/// }
///
/// index.add(factory: .clockFixed, producing: Clock.self, parameter: .iso8601) { _, date in
///     FixedClock(date: date)
/// }
/// ```
///
/// ```text
/// type=MyApp.Clock,factory=MyApp.Clock.Fixed,parameter=2025-03-14T09:00:00Z
/// ```
///
/// The text is parsed when the instructions are checked, before anything is registered:
/// text the parser rejects (it returns `nil` or throws) stops the whole injection with
/// `invalid parameter '14/03/2025' for factory 'MyApp.Clock.Fixed': expected an ISO 8601
/// date, e.g. 2025-03-14T09:00:00Z — …`. The parsed value is then captured by the
/// registration, so the factory receives it on every call.
///
/// For a value that is `LosslessStringConvertible` (`Int`, `Double`, `Bool`, `String`…)
/// the parser is ready-made: `DependencyParameter<Int>(expecting: "a number of seconds")`.
public struct DependencyParameter<Value: Sendable>: Sendable {
    /// What the text must look like, for messages: "an ISO 8601 date, e.g.
    /// 2025-03-14T09:00:00Z". It follows "expected " in an error and is listed in the index
    /// manifest, so `relay check --index` can say what a factory expects.
    public let expectation: String
    /// Reads the text; `nil` or an error when it is not acceptable.
    let parse: @Sendable (String) throws -> Value?

    /// A parameter read by `parse`, which returns `nil` (or throws, and the error's
    /// description is added to the message) for text it does not accept.
    ///
    /// - Parameters:
    ///   - expectation: What acceptable text looks like, with an example.
    ///   - parse: Reads the text exactly as the instruction gives it (escapes resolved,
    ///     blanks around it trimmed).
    public init(expecting expectation: String, parse: @escaping @Sendable (String) throws -> Value?) {
        self.expectation = expectation
        self.parse = parse
    }
}

extension DependencyParameter where Value: LosslessStringConvertible {
    /// A parameter read with `Value(text)`: `DependencyParameter<Int>(expecting: "a
    /// number of seconds, e.g. 30")`, `DependencyParameter<String>(expecting: "a decline
    /// reason, e.g. insufficient-funds")`.
    public init(expecting expectation: String) {
        self.init(expecting: expectation) { Value($0) }
    }
}

/// An indexed factory's parameter, with its value type erased: what it expects, and how to
/// make the registration's factory from an instruction's text.
struct IndexedParameter: Sendable {
    /// Why a text was not accepted: the parser's error, if it threw one.
    struct Rejection: Error {
        let detail: String?
    }

    let expectation: String
    /// Parses `text` and returns the factory that calls the indexed one with the value.
    let bind: @Sendable (String) throws(Rejection) -> DependencyFactory
}

/// What a factory indexed with a parameter throws when it is called without one — by
/// ``DynamicDependencyIndex/lookup(factory:)``, which has no instruction to take it from.
struct ParameterRequired: Error, CustomStringConvertible {
    let factory: DependencyFactoryKey
    let expectation: String

    var description: String {
        "factory \(IndexMessages.name(factory.tag)) needs a parameter (\(UserText.escaped(expectation, limit: nil))); it runs only with one, given by an instruction's parameter="
    }
}

/// What a factory indexed with a runtime argument throws when it is called without one —
/// by ``DynamicDependencyIndex/lookup(factory:)``, which has no argument to give it. (A
/// resolve of its type without an argument never calls it: that is an `argumentMismatch`.)
struct ArgumentRequired: Error, CustomStringConvertible {
    let factory: DependencyFactoryKey
    let argumentType: String

    var description: String {
        "factory \(IndexMessages.name(factory.tag)) takes a runtime argument of type \(argumentType); it runs only when its type is resolved with one, resolve(_:argument:)"
    }
}
