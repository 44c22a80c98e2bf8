import Relay

protocol Greeting: Sendable { var text: String { get } }
struct LiveGreeting: Greeting { let text = "live" }
struct StubGreeting: Greeting { let text: String }

/// A singleton that records which greeting it was built with.
final class GreetingCache: Sendable {
    let greeting: String
    init(greeting: Greeting) { self.greeting = greeting.text }
}

protocol Counter: AnyObject, Sendable {}
final class CounterImpl: Counter {}

extension DependencyTypeKey {
    static let greeting = DependencyTypeKey("RelayTestingTests.Greeting")
}

/// The index the trait tests use: a stub per argument value and one named stub.
let overrideIndex: DynamicDependencyIndex = {
    let index = DynamicDependencyIndex()
    index.add(type: .greeting, Greeting.self)
    index.add(factory: "RelayTestingTests.Greeting.Stub", producing: Greeting.self) { _ in StubGreeting(text: "stub") }
    for n in 0..<50 {
        index.add(factory: DependencyFactoryKey("RelayTestingTests.Greeting.Stub\(n)"), producing: Greeting.self) { _ in StubGreeting(text: "stub \(n)") }
    }
    return index
}()

/// Registers the live defaults, once per process: registering again would replace the
/// registrations (new objects, new singletons) under tests running at the same moment.
func registerLiveDefaults() {
    _ = liveDefaults
}

private let liveDefaults: Void = {
    DependencyContainer.global.register(Greeting.self) { _ in LiveGreeting() }
    DependencyContainer.global.register(GreetingCache.self) { c in GreetingCache(greeting: try c.tryResolve()) }
}()
