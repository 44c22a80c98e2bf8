import Foundation
import Relay
import Testing

// Dip's README examples (Dip 7.1.1), each written the Relay way. Every example uses a
// scope of its own (and its own types), so the tests run in parallel with the rest.

private protocol Service: AnyObject { var name: String { get } }
private final class ServiceImp: Service { let name = "ServiceImp" }
private final class ProductionService: Service { let name = "production" }
private final class DevelopmentService: Service { let name = "development" }
private final class URLService: Service {
    let name: String
    init(url: URL, port: Int) { name = "\(url.absoluteString):\(port)" }
}

private enum WebService: String { case production = "Production", development = "Development" }

private protocol Logger: AnyObject {}
private final class LoggerImp: Logger {}
private final class Tracker {}

// Client ↔ Server (Dip's "circular dependencies").
private protocol ClientProtocol: AnyObject { var server: ServerProtocol { get } }
private protocol ServerProtocol: AnyObject { var client: ClientProtocol? { get set } }
private final class ClientImp: ClientProtocol {
    let server: ServerProtocol
    init(server: ServerProtocol) { self.server = server }
}
private final class ServerImp: ServerProtocol {
    weak var client: ClientProtocol?
}

// Auto-wiring (Dip's VIPER example).
private protocol Router: AnyObject {}
private final class RouterImp: Router {}
private protocol Interactor: AnyObject {}
private final class InteractorImp: Interactor {}
private protocol Presenter: AnyObject {
    var router: Router { get }
    var interactor: Interactor { get }
}
private final class PresenterImp: Presenter {
    let router: Router
    let interactor: Interactor
    init(router: Router, interactor: Interactor) {
        self.router = router
        self.interactor = interactor
    }
}

private protocol Unregistered {}

private func container(_ name: String) -> DependencyContainer {
    DependencyContainer.container(for: DependencyContainerScope("DipReadme.\(name)"))
}

@Suite("Dip's README examples, the Relay way")
struct DipReadmeExamplesTests {
    @Test("register and resolve")
    func registerAndResolve() {
        let c = container("basic")
        c.register(Service.self) { _ in ServiceImp() }
        #expect(c.resolve(Service.self).name == "ServiceImp")
    }

    @Test("scopes: unique (transient), shared (graph), singleton, weakSingleton, eagerSingleton")
    func scopes() throws {
        let c = container("scopes")
        c.register(Logger.self, lifecycle: .transient) { _ in LoggerImp() }
        #expect(c.resolve(Logger.self) !== c.resolve(Logger.self))
        c.register(Tracker.self, lifecycle: .graph) { _ in Tracker() }
        #expect(c.resolve(Tracker.self) !== c.resolve(Tracker.self), "a graph instance lives for one outermost resolve")
        c.register(Service.self) { _ in ServiceImp() }
        #expect(c.resolve(Service.self) === c.resolve(Service.self))
        c.register(Service.self, tag: "weak", lifecycle: .weakSingleton) { _ in ServiceImp() }
        let held = c.resolve(Service.self, tag: "weak")
        #expect(c.resolve(Service.self, tag: "weak") === held)
        c.register(Service.self, tag: "eager", lifecycle: .eagerSingleton) { _ in ServiceImp() }
        #expect(c.resolve(Service.self, tag: "eager") === c.resolve(Service.self, tag: "eager"))
    }

    @Test("tags, and the untagged registration as the fallback")
    func tags() {
        let c = container("tags")
        c.register(Service.self) { _ in DevelopmentService() }
        c.register(Service.self, tag: DependencyTag(WebService.production)) { _ in ProductionService() }
        #expect(c.resolve(Service.self, tag: DependencyTag(WebService.production)).name == "production")
        #expect(c.resolve(Service.self, tag: DependencyTag(WebService.development)).name == "development")
    }

    @Test("runtime arguments: several values as a tuple")
    func runtimeArguments() throws {
        let c = container("arguments")
        c.register(Service.self, argument: (URL, Int).self) { _, arguments in URLService(url: arguments.0, port: arguments.1) }
        let url = try #require(URL(string: "http://example.com"))
        #expect(c.resolve(Service.self, argument: (url, 80)).name == "http://example.com:80")
    }

    @Test("circular dependencies: Client ↔ Server with a completion hook")
    func circular() {
        let c = container("circular")
        c.register(ClientProtocol.self, lifecycle: .graph) { c in ClientImp(server: try c.tryResolve()) }
        c.register(ServerProtocol.self, lifecycle: .graph) { _ in ServerImp() } completing: { c, server in
            server.client = try c.tryResolve(ClientProtocol.self)
        }
        let client = c.resolve(ClientProtocol.self)
        #expect(client.server.client === client)
    }

    @Test("auto-wiring: the initializer's parameters are resolved")
    func autoWiring() {
        let c = container("autowiring")
        c.register(Router.self, wiring: RouterImp.init)
        c.register(Interactor.self, wiring: InteractorImp.init)
        c.register(Presenter.self, lifecycle: .transient, wiring: PresenterImp.init)
        let presenter = c.resolve(Presenter.self)
        #expect(presenter.router === c.resolve(Router.self))
        #expect(presenter.interactor === c.resolve(Interactor.self))
    }

    @Test("auto-injection: @Injected resolves on first access")
    func autoInjection() {
        let scope = DependencyContainerScope("DipReadme.injection")
        DependencyContainer.container(for: scope).register(Logger.self) { _ in LoggerImp() }
        final class Screen {
            @Injected(scope: DependencyContainerScope("DipReadme.injection")) var logger: Logger
        }
        let screen = Screen()
        #expect(screen.logger === DependencyContainer.container(for: scope).resolve(Logger.self))
    }

    @Test("errors: resolving what is not registered throws, naming the type")
    func errors() {
        let c = container("errors")
        let error = #expect(throws: DependencyResolutionError.self) { try c.tryResolve(Unregistered.self) }
        #expect(error?.reason == .missingRegistration)
        #expect(error?.requestedType == "RelayTests.Unregistered")
    }
}
