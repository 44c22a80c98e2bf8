import Foundation
import Relay
import Testing

// Resolving an optional type from a container: `nil` when nothing is registered for the
// wrapped type, the instance otherwise, and every other failure still thrown. Each test
// uses types and scopes of its own, so the tests run in parallel with every other suite.

private protocol OptionalAnalytics: AnyObject {}
private final class LiveOptionalAnalytics: OptionalAnalytics {}
private protocol OptionalMissing {}
private protocol OptionalTaggedMissing {}
private protocol OptionalScoped: AnyObject {}
private final class OptionalScopedImpl: OptionalScoped, Sendable {}
private protocol OptionalFailing {}
private protocol OptionalNeedsMissing {}
private protocol OptionalAbsentDependency {}
private protocol OptionalArgumentOnly {}
private protocol OptionalArgumentMissing {}
private protocol OptionalArgumentPlainOnly {}
private protocol OptionalArgumentOtherTag {}
private protocol OptionalArgumentFailing {}
private final class OptionalDownloader: Sendable {
    let url: String
    init(url: String) { self.url = url }
}
private protocol OptionalNested: AnyObject { var analytics: OptionalMissing? { get } }
private final class OptionalNestedImpl: OptionalNested {
    let analytics: OptionalMissing?
    init(analytics: OptionalMissing?) { self.analytics = analytics }
}
private struct OptionalFactoryError: Error {}

private extension DependencyContainerScope {
    static let optionalResolveScoped = DependencyContainerScope("OptionalResolveTests.scoped")
    static let optionalResolveEmpty = DependencyContainerScope("OptionalResolveTests.empty")
}

@Suite("Resolving an optional type")
struct OptionalResolveTests {
    @Test("T? resolves T's registration, and is nil when there is none")
    func untagged() throws {
        let container = DependencyContainer.container(for: .optionalResolveEmpty)
        #expect(try container.tryResolve(OptionalMissing?.self) == nil)
        #expect(container.resolve(OptionalMissing?.self) == nil)
        #expect(try container.tryResolve(OptionalMissing??.self) == nil)
        DependencyContainer.global.register(OptionalAnalytics.self) { _ in LiveOptionalAnalytics() }
        let analytics = try container.tryResolve(OptionalAnalytics?.self)
        #expect(analytics != nil)
        #expect(analytics === DependencyContainer.global.resolve(OptionalAnalytics.self))
    }

    @Test("with a tag, T? finds the tagged registration, falls back to the untagged one, and is nil with neither")
    func tagged() throws {
        let container = DependencyContainer.container(for: .optionalResolveEmpty)
        #expect(try container.tryResolve(OptionalTaggedMissing?.self, tag: "Beta") == nil)
        #expect(container.resolve(OptionalTaggedMissing?.self, tag: "Beta") == nil)
        let scoped = DependencyContainer.container(for: .optionalResolveScoped)
        let untagged = OptionalScopedImpl()
        let beta = OptionalScopedImpl()
        DependencyContainer.global.register(OptionalScoped.self) { _ in untagged }
        scoped.register(OptionalScoped.self, tag: "Beta") { _ in beta }
        #expect(try scoped.tryResolve(OptionalScoped?.self, tag: "Beta") === beta)
        #expect(try scoped.tryResolve(OptionalScoped?.self, tag: "Gamma") === untagged, "falls back to the untagged registration")
    }

    @Test("a scoped container's T? falls back to the global registration")
    func scopedFallback() throws {
        let scoped = DependencyContainer.container(for: .optionalResolveScoped)
        #expect(try scoped.tryResolve(OptionalNested?.self) == nil)
        DependencyContainer.global.register(OptionalNested.self, lifecycle: .transient) { c in
            OptionalNestedImpl(analytics: try c.tryResolve(OptionalMissing?.self))
        }
        let nested = try #require(try scoped.tryResolve(OptionalNested?.self))
        #expect(nested.analytics == nil, "a factory's own optional resolve is nil too")
    }

    @Test("T? whose registration's factory throws still throws factoryFailed")
    func factoryFails() {
        DependencyContainer.global.register(OptionalFailing.self) { _ -> OptionalFailing in throw OptionalFactoryError() }
        let error = #expect(throws: DependencyResolutionError.self) { try DependencyContainer.global.tryResolve(OptionalFailing?.self) }
        #expect(error?.reason == .factoryFailed)
        let tagged = #expect(throws: DependencyResolutionError.self) { try DependencyContainer.global.tryResolve(OptionalFailing?.self, tag: "Beta") }
        #expect(tagged?.reason == .factoryFailed)
    }

    @Test("T? whose registration needs a missing type still throws, naming that type")
    func dependencyMissing() {
        DependencyContainer.global.register(OptionalNeedsMissing.self) { c -> OptionalNeedsMissing in
            _ = try c.tryResolve(OptionalAbsentDependency.self)
            throw OptionalFactoryError()
        }
        let error = #expect(throws: DependencyResolutionError.self) { try DependencyContainer.global.tryResolve(OptionalNeedsMissing?.self) }
        #expect(error?.reason == .missingRegistration)
        #expect(error?.requestedType.hasSuffix("OptionalAbsentDependency") == true)
    }

    @Test("T? registered only with an argument still throws argumentMismatch")
    func argumentOnly() {
        DependencyContainer.global.register(OptionalArgumentOnly.self, argument: Int.self) { _, _ -> OptionalArgumentOnly in throw OptionalFactoryError() }
        let error = #expect(throws: DependencyResolutionError.self) { try DependencyContainer.global.tryResolve(OptionalArgumentOnly?.self) }
        #expect(error?.reason == .argumentMismatch(expected: "Swift.Int", given: nil))
    }

    @Test("T? with an argument is nil when nothing takes that argument on the resolve's path, with or without a tag")
    func argumentMissing() throws {
        let scoped = DependencyContainer.container(for: .optionalResolveScoped)
        #expect(try scoped.tryResolve(OptionalArgumentMissing?.self, argument: "https://example.com") == nil)
        #expect(scoped.resolve(OptionalArgumentMissing?.self, argument: "https://example.com") == nil)
        #expect(try scoped.tryResolve(OptionalArgumentMissing?.self, tag: "Beta", argument: 1) == nil)
        #expect(scoped.resolve(OptionalArgumentMissing?.self, tag: "Beta", argument: 1) == nil)
        // A registration under another tag is not on an untagged resolve's path.
        scoped.register(OptionalArgumentOtherTag.self, tag: "Beta", argument: Int.self) { _, _ -> OptionalArgumentOtherTag in throw OptionalFactoryError() }
        #expect(try scoped.tryResolve(OptionalArgumentOtherTag?.self, argument: 1) == nil)
    }

    @Test("T? with an argument resolves the argument registration: tagged, falling back to untagged, from the global container")
    func argumentFound() throws {
        let scoped = DependencyContainer.container(for: .optionalResolveScoped)
        DependencyContainer.global.register(OptionalDownloader.self, argument: String.self) { _, url in OptionalDownloader(url: url) }
        #expect(try scoped.tryResolve(OptionalDownloader?.self, argument: "a")?.url == "a")
        #expect(scoped.resolve(OptionalDownloader?.self, tag: "Beta", argument: "b")?.url == "b", "falls back to the untagged registration")
    }

    @Test("T? with an argument still throws when the registration's factory fails, or takes another argument, or none")
    func argumentFailures() {
        DependencyContainer.global.register(OptionalArgumentFailing.self, argument: Int.self) { _, _ -> OptionalArgumentFailing in throw OptionalFactoryError() }
        let failed = #expect(throws: DependencyResolutionError.self) { try DependencyContainer.global.tryResolve(OptionalArgumentFailing?.self, argument: 1) }
        #expect(failed?.reason == .factoryFailed)
        let tagged = #expect(throws: DependencyResolutionError.self) { try DependencyContainer.global.tryResolve(OptionalArgumentFailing?.self, tag: "Beta", argument: 1) }
        #expect(tagged?.reason == .factoryFailed)
        let mismatch = #expect(throws: DependencyResolutionError.self) { try DependencyContainer.global.tryResolve(OptionalArgumentFailing?.self, argument: "one") }
        #expect(mismatch?.reason == .argumentMismatch(expected: "Swift.Int", given: "Swift.String"))
        // Registered without an argument: a resolve that passes one is a mistake to hear about.
        DependencyContainer.global.register(OptionalArgumentPlainOnly.self) { _ -> OptionalArgumentPlainOnly in throw OptionalFactoryError() }
        let plain = #expect(throws: DependencyResolutionError.self) { try DependencyContainer.global.tryResolve(OptionalArgumentPlainOnly?.self, argument: 1) }
        #expect(plain?.reason == .missingRegistration)
        #expect(plain?.registration != nil, "names where the type is registered without an argument")
    }
}
