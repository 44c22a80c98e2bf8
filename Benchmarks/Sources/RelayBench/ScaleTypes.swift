import Relay

// Up to 10,000 distinct types for the scale rows, without 10,000 declarations: each is
// `Scaled<A, B, C, D>` with every parameter one of ten digit types, so type number 1234 is
// `Scaled<D1, D2, D3, D4>`. Each is a distinct metatype (a distinct registration key), and
// registering one goes through the same unspecialized generic `register` an app calls.

/// A digit of a scaled type's number.
protocol Digit: SendableMetatype {}
enum D0: Digit {}
enum D1: Digit {}
enum D2: Digit {}
enum D3: Digit {}
enum D4: Digit {}
enum D5: Digit {}
enum D6: Digit {}
enum D7: Digit {}
enum D8: Digit {}
enum D9: Digit {}

/// What every scaled type can do: be made, and say its number.
protocol ScaledType: AnyObject, SendableMetatype {
    init()
}

final class Scaled<A: Digit, B: Digit, C: Digit, D: Digit>: ScaledType {
    init() {}
}

enum ScaledTypes {
    static let digits: [any Digit.Type] = [D0.self, D1.self, D2.self, D3.self, D4.self, D5.self, D6.self, D7.self, D8.self, D9.self]

    /// Type number `number` (0 ..< 10,000).
    static func type(_ number: Int) -> any ScaledType.Type {
        precondition((0..<10_000).contains(number))
        let thousands = digits[number / 1000], hundreds = digits[number / 100 % 10]
        let tens = digits[number / 10 % 10], ones = digits[number % 10]
        return make(thousands, hundreds, tens, ones)
    }

    /// The first `count` types, made once.
    static func first(_ count: Int) -> [any ScaledType.Type] {
        all.prefix(count).map { $0 }
    }

    private static let all: [any ScaledType.Type] = (0..<10_000).map(type)

    private static func make<A: Digit, B: Digit, C: Digit, D: Digit>(_: A.Type, _: B.Type, _: C.Type, _: D.Type) -> any ScaledType.Type {
        Scaled<A, B, C, D>.self
    }

    /// The type key of type `number` in instructions, 36 characters long
    /// (`RelayScaleBench.Features.Service0042`), so that a line binding it is 100 bytes and
    /// 10,000 lines make a file just under the 1 MiB limit.
    static func typeKey(_ number: Int) -> String {
        let digits = String(number)
        return "RelayScaleBench.Features.Service" + String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// The factory key of type `number`'s stub.
    static func factoryKey(_ number: Int) -> String { typeKey(number) + ".InMemoryStub" }

    /// Indexes the first `count` types and one factory producing each.
    static func index(_ count: Int) -> DynamicDependencyIndex {
        let index = DynamicDependencyIndex()
        for (number, type) in first(count).enumerated() {
            addEntries(type, number: number, to: index)
        }
        return index
    }

    private static func addEntries<T: ScaledType>(_ type: T.Type, number: Int, to index: DynamicDependencyIndex) {
        index.add(type: DependencyTypeKey(typeKey(number)), T.self)
        index.add(factory: DependencyFactoryKey(factoryKey(number)), producing: T.self) { _ in T() }
    }

    /// Registers `type` in `container`, as app code would (`register(T.self) { _ in T() }`).
    static func register<T: ScaledType>(_ type: T.Type, in container: DependencyContainer) {
        container.register(T.self) { _ in T() }
    }

    /// Resolves `type` from `container`.
    static func resolve<T: ScaledType>(_ type: T.Type, from container: DependencyContainer) -> AnyObject {
        container.resolve(T.self)
    }

    /// A `.relay` file binding the first `count` types to their stubs in `scope`: a
    /// `[scope]` header, then one 100-byte line per type.
    static func relayFile(_ count: Int, scope: String) -> String {
        "[\(scope)]\n" + (0..<count).map { "type=\(typeKey($0)),factory=\(factoryKey($0))\n" }.joined()
    }
}
