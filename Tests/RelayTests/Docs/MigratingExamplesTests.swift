import Foundation
import Relay
import RelayTestSupport
import Testing

// The Relay forms that docs/migrating.md gives for Swinject's and Dip's features, compiled
// and run. DocsCodeTests checks that every ```swift block of the page's "From Swinject"
// and "From Dip" sections is a run of lines of this file, and that every code span in the
// Relay column of their tables is text of one of its lines: change the page and this file
// together.
//
// Each test uses a scope of its own, so the tests run in parallel with the rest;
// bootstrap() and validate() reach every container, so they run in child processes.

private protocol Service: AnyObject { var name: String { get } }
private final class ServiceImp: Service { let name = "local" }
private final class RemoteService: Service { let name = "remote" }
private protocol Listener: AnyObject {}
extension ServiceImp: Listener {}

private protocol Logger: AnyObject {}
private final class LoggerImp: Logger {}
private final class ImageCache {}
private final class UserSession {}
extension InstanceScope {
    static let session = InstanceScope("session")
}
private final class Analytics {}

private protocol Payments: AnyObject {}
private final class LivePayments: Payments {}
private protocol Checkout: AnyObject { var payments: Payments { get } }
private final class CheckoutImp: Checkout {
    let payments: Payments
    init(payments: Payments) { self.payments = payments }
}

private final class Connection {
    let host: String
    let port: Int
    init(host: String, port: Int) { self.host = host; self.port = port }
}
private final class Downloader {
    let url: URL
    init(url: URL) { self.url = url }
}

private final class TaggedService: Service {
    let name = "tagged"
    let logger: Logger
    init(logger: Logger) { self.logger = logger }
}

// Client ↔ Server.
private protocol ClientProtocol: AnyObject { var server: ServerProtocol { get } }
private protocol ServerProtocol: AnyObject { var client: ClientProtocol? { get set } }
private final class ClientImp: ClientProtocol {
    let server: ServerProtocol
    init(server: ServerProtocol) { self.server = server }
}
private final class ServerImp: ServerProtocol {
    weak var client: ClientProtocol?
}

// Auto-wiring.
private protocol Router: AnyObject {}
private final class RouterImp: Router {}
private protocol Presenter: AnyObject { var router: Router { get } }
private final class PresenterImp: Presenter {
    let router: Router
    let logger: Logger
    init(router: Router, logger: Logger) { self.router = router; self.logger = logger }
}

private final class Screen {
    let logger: Logger
    let presenter: Presenter
    init(logger: Logger, presenter: Presenter) { self.logger = logger; self.presenter = presenter }
}

private final class Gallery {
    @Injected(scope: "Migrating.providerAndLazy") var makeCache: Provider<ImageCache>
    @Injected(scope: "Migrating.providerAndLazy") var cache: Lazy<ImageCache>
}

private final class ProfileScreen {
    @Injected(scope: .profile) var logger: Logger
    @Injected(scope: .profile) var analytics: Analytics?
    @WeakInjected(scope: .profile) var coordinator: Coordinator?
}

private protocol Coordinator: AnyObject {}
private final class ProfileCoordinator: Coordinator {}

// Type forwarding.
private final class Hub {
    let service: Service
    let listener: Listener
    init(service: Service, listener: Listener) { self.service = service; self.listener = listener }
}

// Captive dependencies.
private final class RequestLog {}
private final class ReportCache {
    let log: RequestLog
    init(log: RequestLog) { self.log = log }
}

private extension DependencyContainerScope {
    static let checkout = DependencyContainerScope("Migrating.checkout")
    static let profile = DependencyContainerScope("Migrating.profile")
}

private func container(_ name: String) -> DependencyContainer {
    DependencyContainer.container(for: DependencyContainerScope("Migrating.\(name)"))
}

// Swinject's Assembly / Assembler.
private struct PaymentsRegistry: DependencyRegistryType {
    func registerDependencies() throws {
        let c = DependencyContainer.container(for: .checkout)
        c.register(Payments.self) { _ in LivePayments() }
    }
}
private struct CheckoutRegistry: DependencyRegistryType {
    func registerDependencies() throws {
        let c = DependencyContainer.container(for: .checkout)
        c.register(Checkout.self, lifecycle: .transient) { c in CheckoutImp(payments: try c.tryResolve()) }
    }
}

@Suite("docs/migrating.md: the Relay forms of Swinject's and Dip's features")
struct MigratingExamplesTests {
    @Test("before you port: a factory resolves from the container that owns its registration")
    func ownerResolves() {
        DependencyContainer.global.register(Receipt.self, lifecycle: .transient) { c in Receipt(log: try c.tryResolve()) }
        DependencyContainer.global.register(AuditLog.self) { _ in AuditLog(name: "global") }
        let checkout = DependencyContainer.container(for: .checkout)
        checkout.register(AuditLog.self) { _ in AuditLog(name: "checkout") }
        let receipt = checkout.resolve(Receipt.self)   // receipt.log.name == "global": Receipt's factory got the global container
        #expect(receipt.log.name == "global", "Swinject would resolve the child's AuditLog")
        checkout.register(Receipt.self, lifecycle: .transient) { c in Receipt(log: try c.tryResolve()) }
        #expect(checkout.resolve(Receipt.self).log.name == "checkout", "registered in the scope, its factory gets the scope's container")
    }

    @Test("before you port: completing: runs after the whole graph, not right after its instance")
    func completingAfterGraph() {
        let c = container("completingAfterGraph")
        let seen = Locked<[String]>([])
        c.register(ClientProtocol.self, lifecycle: .graph) { c in
            let client = ClientImp(server: try c.tryResolve())
            seen.withLock { $0.append("Client built") }
            return client
        }
        c.register(ServerProtocol.self, lifecycle: .graph) { _ in ServerImp() } completing: { c, server in
            let client = try c.tryResolve(ClientProtocol.self)
            seen.withLock { $0.append(client.server === server ? "Server completed, its Client built" : "Server completed, another Client") }
        }
        _ = c.resolve(ClientProtocol.self)
        // Swinject's initCompleted would run first, before ClientImp's init returned.
        #expect(seen.withLock { $0 } == ["Client built", "Server completed, its Client built"])
    }

    @Test("containers, register and resolve")
    func registerAndResolve() throws {
        #expect(DependencyContainer.global.scope == .global)
        #expect(DependencyContainer.container(for: .checkout) === DependencyContainer.container(for: .checkout))
        let c = container("basics")
        c.register(Payments.self) { _ in LivePayments() }
        c.register(Checkout.self) { c in CheckoutImp(payments: try c.tryResolve()) }
        c.register(Service.self) { _ in ServiceImp() }
        #expect(c.resolve(Checkout.self).payments === c.resolve(Payments.self))
        #expect(try c.tryResolve(Service.self).name == "local")
        let missing = try? c.tryResolve(Logger.self)
        #expect(missing == nil)
    }

    @Test("object scopes and lifecycles")
    func lifecycles() {
        let c = container("lifecycles")
        c.register(Logger.self, lifecycle: .transient) { _ in LoggerImp() }
        #expect(c.resolve(Logger.self) !== c.resolve(Logger.self))
        c.register(Service.self) { _ in ServiceImp() }
        #expect(c.resolve(Service.self) === c.resolve(Service.self))
        c.register(ImageCache.self, lifecycle: .weakSingleton) { _ in ImageCache() }
        let held = c.resolve(ImageCache.self)
        #expect(c.resolve(ImageCache.self) === held)
        c.register(Analytics.self, lifecycle: .eagerSingleton) { _ in Analytics() }
        #expect(c.resolve(Analytics.self) === c.resolve(Analytics.self))
    }

    @Test("graph: one instance per outermost resolve")
    func graph() {
        let c = container("graph")
        c.register(Logger.self, lifecycle: .graph) { _ in LoggerImp() }
        c.register(Router.self, lifecycle: .transient) { _ in RouterImp() }
        c.register(Presenter.self, lifecycle: .transient) { c in PresenterImp(router: try c.tryResolve(), logger: try c.tryResolve()) }
        c.register(Screen.self, lifecycle: .transient) { c in Screen(logger: try c.tryResolve(), presenter: try c.tryResolve()) }
        let screen = c.resolve(Screen.self)
        #expect((screen.presenter as? PresenterImp)?.logger === screen.logger, "one graph instance for the whole resolve")
        #expect(c.resolve(Logger.self) !== c.resolve(Logger.self), "each outermost resolve builds its own graph instance")
    }

    @Test("graph: one instance per registration, also for a tagged resolve that falls back to it")
    func graphPerRegistration() {
        let c = container("graphPerRegistration")
        c.register(Logger.self, lifecycle: .graph) { _ in LoggerImp() }
        c.register(Router.self, lifecycle: .transient) { _ in RouterImp() }
        c.register(Presenter.self, lifecycle: .transient) { c in PresenterImp(router: try c.tryResolve(), logger: try c.tryResolve(Logger.self, tag: "Audit")) }
        c.register(Screen.self, lifecycle: .transient) { c in Screen(logger: try c.tryResolve(), presenter: try c.tryResolve()) }
        let screen = c.resolve(Screen.self)
        // "Audit" has no registration of its own: the untagged one answers, with its instance.
        #expect((screen.presenter as? PresenterImp)?.logger === screen.logger, "Dip would give two instances")
    }

    @Test("tags (Swinject's names), with the untagged registration as the fallback")
    func tags() {
        let c = container("tags")
        c.register(Service.self) { _ in ServiceImp() }
        c.register(Service.self, tag: "Production") { _ in RemoteService() }
        #expect(c.resolve(Service.self, tag: "Production").name == "remote")
        #expect(c.resolve(Service.self, tag: "Staging").name == "local")
        #expect(c.isRegistered(Service.self, tag: "Staging"))
        enum Environment: String { case production = "Production" }
        #expect(c.resolve(Service.self, tag: DependencyTag(Environment.production)).name == "remote")
        #expect(c.resolve(Service.self, tag: DependencyTag("\(42)")).name == "local")
    }

    @Test("a tag is not passed to dependencies: name it again")
    func explicitTags() {
        let c = container("tagPropagation")
        c.register(Logger.self) { _ in LoggerImp() }
        c.register(Logger.self, tag: "Production") { _ in LoggerImp() }
        c.register(Service.self, tag: "Production") { c in TaggedService(logger: try c.tryResolve(Logger.self, tag: "Production")) }
        let service = c.resolve(Service.self, tag: "Production") as? TaggedService
        #expect(service?.logger === c.resolve(Logger.self, tag: "Production"))
        #expect(service?.logger !== c.resolve(Logger.self))
    }

    @Test("runtime arguments")
    func arguments() throws {
        let c = container("arguments")
        c.register(Downloader.self, argument: URL.self) { _, url in Downloader(url: url) }
        c.register(Connection.self, argument: (String, Int).self) { _, address in Connection(host: address.0, port: address.1) }
        let url = try #require(URL(string: "https://example.com"))
        #expect(c.resolve(Downloader.self, argument: url).url == url)
        let connection = c.resolve(Connection.self, argument: ("example.com", 80))
        #expect(connection.host == "example.com" && connection.port == 80)
        #expect(c.resolve(Connection.self, argument: ("example.com", 80)) !== connection, "an argument registration is always transient")
        let error = #expect(throws: DependencyResolutionError.self) { try c.tryResolve(Connection.self) }
        #expect(error?.reason == .argumentMismatch(expected: "(Swift.String, Swift.Int)", given: nil))
    }

    @Test("auto-wiring")
    func wiring() {
        let c = container("wiring")
        c.register(Router.self, wiring: RouterImp.init)
        c.register(Logger.self, wiring: LoggerImp.init)
        c.register(Presenter.self, lifecycle: .transient, wiring: PresenterImp.init)
        #expect(c.resolve(Presenter.self).router === c.resolve(Router.self))
    }

    @Test("auto-injection: @Injected resolves on first access")
    func injection() {
        DependencyContainer.container(for: .profile).register(Logger.self) { _ in LoggerImp() }
        let screen = ProfileScreen()
        #expect(screen.logger === DependencyContainer.container(for: .profile).resolve(Logger.self))
    }

    @Test("optional and weak auto-injection")
    func optionalAndWeakInjection() {
        let profile = DependencyContainer.container(for: .profile)
        profile.register(Coordinator.self, lifecycle: .weakSingleton) { _ in ProfileCoordinator() }
        let coordinator = profile.resolve(Coordinator.self)
        let screen = ProfileScreen()
        #expect(screen.analytics == nil, "nothing is registered for Analytics")
        #expect(screen.coordinator === coordinator, "held weakly; the test holds it")
    }

    @Test("resolving an optional type: nil when nothing is registered")
    func optionalResolve() throws {
        let c = container("optional")
        #expect(c.resolve(Analytics?.self) == nil)
        #expect(try c.tryResolve(Analytics?.self, tag: "Beta") == nil)
        c.register(Analytics.self) { _ in Analytics() }
        #expect(c.resolve(Analytics?.self) === c.resolve(Analytics.self))
        let url = try #require(URL(string: "https://example.com"))
        #expect(c.resolve(Downloader?.self, argument: url) == nil, "nothing registered for Downloader takes a URL")
        c.register(Downloader.self, argument: URL.self) { _, url in Downloader(url: url) }
        #expect(c.resolve(Downloader?.self, argument: url)?.url == url)
    }

    @Test("completion hooks: Client ↔ Server")
    func completion() {
        let c = container("completion")
        c.register(ClientProtocol.self, lifecycle: .graph) { c in ClientImp(server: try c.tryResolve()) }
        c.register(ServerProtocol.self, lifecycle: .graph) { _ in ServerImp() } completing: { c, server in
            server.client = try c.tryResolve(ClientProtocol.self)
        }
        let client = c.resolve(ClientProtocol.self)   // client.server.client === client
        #expect(client.server.client === client)
    }

    @Test("implements: one implementation under two protocols, sharing its lifecycle")
    func implements() {
        let c = container("implements")
        c.register(ServiceImp.self, as: Service.self, Listener.self, lifecycle: .graph) { _ in ServiceImp() }
        c.register(Hub.self, lifecycle: .transient) { c in Hub(service: try c.tryResolve(), listener: try c.tryResolve()) }
        let hub = c.resolve(Hub.self)
        #expect(hub.service === hub.listener, "one graph instance for both types")
        #expect(c.resolve(Hub.self).service !== hub.service, "a new one in the next outermost resolve")
    }

    @Test("forwarding a type later keeps the implementation's singleton (Swinject's forward(_:to:))")
    func forwardLater() {
        let c = container("forwardLater")
        c.register(ServiceImp.self) { _ in ServiceImp() }
        let service = c.resolve(ServiceImp.self)
        c.forward(Listener.self, to: ServiceImp.self)
        #expect(c.resolve(Listener.self) === service)
    }

    @Test("printing a container lists its registrations")
    func printing() {
        let c = container("printing")
        c.register(Service.self, tag: "Production") { _ in RemoteService() }
        let listing = c.description
        #expect(listing.contains("Service tagged 'Production': singleton"))
        #expect("\(c)" == listing)
    }

    @Test("removing one registration")
    func remove() {
        let c = container("remove")
        c.register(Service.self) { _ in ServiceImp() }
        c.register(Service.self, tag: "Production") { _ in RemoteService() }
        #expect(c.remove(Service.self, tag: "Production"))
        #expect(c.resolve(Service.self, tag: "Production").name == "local")
        c.reset()
        #expect(!c.isRegistered(Service.self))
    }

    @Test("resetting a scope's instances and a container's singletons, keeping the registrations (resetObjectScope)")
    func resetObjectScope() {
        let c = container("resetObjectScope")
        c.register(UserSession.self, instanceScope: .session) { _ in UserSession() }
        let before = c.resolve(UserSession.self)
        DependencyContainer.resetInstances(in: .session)
        #expect(c.resolve(UserSession.self) !== before)
        c.register(Service.self) { _ in ServiceImp() }
        let service = c.resolve(Service.self), session = c.resolve(UserSession.self)
        c.resetSingletons()
        #expect(c.resolve(Service.self) !== service)
        #expect(c.resolve(UserSession.self) !== session)
        #expect(c.isRegistered(Service.self) && c.isRegistered(UserSession.self))
    }

    @Test("a scoped container falls back to the global one (Container(parent:), collaborate)")
    func fallback() {
        let scope = DependencyContainerScope("Migrating.fallback")
        DependencyContainer.global.register(MigratingFallbackProbe.self) { _ in MigratingFallbackProbe() }
        let checkout = DependencyContainer.container(for: scope)
        #expect(checkout.resolve(MigratingFallbackProbe.self) === DependencyContainer.global.resolve(MigratingFallbackProbe.self))
    }

    @Test("assemblies: one DependencyRegistryType per module")
    func registries() throws {
        for registry in [PaymentsRegistry(), CheckoutRegistry()] as [any DependencyRegistryType] {
            try registry.registerDependencies()
        }
        #expect(DependencyContainer.container(for: .checkout).resolve(Checkout.self).payments === DependencyContainer.container(for: .checkout).resolve(Payments.self))
    }

    @Test("Provider and Lazy, by type: a resolve per call, or one on first use")
    func providerAndLazy() throws {
        let c = container("providerAndLazy")
        c.register(ImageCache.self, lifecycle: .transient) { _ in ImageCache() }
        c.register(Downloader.self, argument: URL.self) { _, url in Downloader(url: url) }
        let makeCache = try c.tryResolve(Provider<ImageCache>.self)
        #expect(makeCache() !== makeCache())
        let cache = try c.tryResolve(Lazy<ImageCache>.self)
        #expect(cache.value === cache.value)
        let makeDownloader = c.provider(Downloader.self, argument: URL.self)
        let url = URL(string: "https://example.com")!
        #expect(makeDownloader(url).url == url)
        c.register(ImageCache.self, tag: "Thumbnails") { _ in ImageCache() }
        #expect(c.provider(ImageCache.self, tag: "Thumbnails")() === c.lazy(ImageCache.self, tag: "Thumbnails").value)
        let gallery = Gallery()
        #expect(gallery.makeCache() !== gallery.cache.value)
    }

    @Test("Provider and Lazy across a graph: each call is a resolve of its own")
    func providerGraph() throws {
        let c = container("providerGraph")
        c.register(Logger.self, lifecycle: .graph) { _ in LoggerImp() }
        let makeLogger = c.provider(Logger.self)
        let first = makeLogger(), second = makeLogger()   // two Loggers: each call is an outermost resolve
        let lazyLogger = c.lazy(Logger.self)
        let third = lazyLogger.value                        // a third: its first use is one too
        #expect(first !== second && third !== first && third !== second)
    }

    @Test("the error names the requested type, tag and dependency chain (what Dip's Context told)")
    func context() {
        let c = container("context")
        c.register(Checkout.self, tag: "Express") { c in CheckoutImp(payments: try c.tryResolve(Payments.self, tag: "Express")) }
        do {
            _ = try c.tryResolve(Checkout.self, tag: "Express")
            Issue.record("Payments is not registered")
        } catch {
            print(error.requestedType, error.requestedTag ?? "untagged", error.chain)
            #expect(error.requestedType.hasSuffix(".Payments") && error.requestedTag == "Express")
            #expect(error.chain.count == 2 && error.chain[0].hasSuffix(".Checkout"))
        }
    }

    @Test("validate() reports a singleton built from a per-request instance")
    func captiveDependency() async {
        await #expect(processExitsWith: .success) {
            let c = DependencyContainer.global
            c.register(RequestLog.self, lifecycle: .unitOfWork) { _ in RequestLog() }
            c.register(ReportCache.self) { c in ReportCache(log: try c.tryResolve()) }
            do throws(DependencyValidationError) {
                try DependencyContainer.validate()
                exit(1)
            } catch {
                guard error.failures.map(\.error.reason) == [.captiveDependency] else { exit(2) }
            }
        }
    }

    @Test("bootstrap() builds eager singletons; validate() dry-runs the graph")
    func bootstrapAndValidate() async {
        await #expect(processExitsWith: .success) {
            let c = DependencyContainer.global
            c.register(Analytics.self, lifecycle: .eagerSingleton) { _ in Analytics() }
            c.register(Connection.self, argument: (String, Int).self) { _, address in Connection(host: address.0, port: address.1) }
            try DependencyContainer.bootstrap()
            try DependencyContainer.validate(arguments: [("localhost", 80)])
            guard (try? DependencyContainer.validate()) == nil else { exit(1) }   // no sample for the argument registration
        }
    }
}

private final class MigratingFallbackProbe {}

// Before you port: which container a factory resolves from.
private final class AuditLog: Sendable {
    let name: String
    init(name: String) { self.name = name }
}
private final class Receipt {
    let log: AuditLog
    init(log: AuditLog) { self.log = log }
}
