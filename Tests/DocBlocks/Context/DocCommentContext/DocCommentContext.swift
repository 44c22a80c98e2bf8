import Foundation
import Relay
import RelayTesting
import XCTest
import XCUITestStandIns

// What the examples in the `///` comments of Relay and RelayTesting take as given: the app
// they are written for (MyApp: a recipe app with a backend, a clock, a checkout, a network
// layer) and the values an example starts from (`c`, `index`, `server`). Every such example
// is compiled by Scripts/check-doc-blocks.sh in a module of its own that imports this one;
// a name the example declares itself takes precedence. Declarations only, never run: the
// values are computed properties that stop if called.

// MARK: Values an example starts from

public var c: DependencyContainer { DependencyContainer.global }
public var container: DependencyContainer { DependencyContainer.global }
public var index: DynamicDependencyIndex { DynamicDependencyIndex() }
public var injected: InjectedDependencies { InjectedDependencies.current }
public var stubs: LaunchArgumentBuilder { LaunchArgumentBuilder(arguments: []) }
public var sunny: LaunchArgumentBuilder { LaunchArgumentBuilder(arguments: []) }
public var launch: DriverLaunch { DriverLaunch(.product("my-app")) }
public var server: RunningProgram { fatalError("declared for type-checking only") }
public var worker: RunningProgram { fatalError("declared for type-checking only") }
public var url: URL { URL(fileURLWithPath: "/") }
public var fixtureURL: URL { URL(fileURLWithPath: "/tmp/checkout.relay") }
public var store: RecipeStore { RecipeStore() }
public var refresher: Refresher { Refresher() }
@MainActor public var app: XCUIApplication { XCUIApplication() }

// MARK: Keys, scopes, the index

extension DependencyTypeKey {
    public static let backend = DependencyTypeKey("MyApp.BackendService")
    public static let backendService = DependencyTypeKey("MyApp.BackendService")
    public static let clock = DependencyTypeKey("MyApp.Clock")
    public static let weatherProvider = DependencyTypeKey("ForecastServer.WeatherProvider")
}

extension DependencyFactoryKey {
    public static let backendStub = DependencyFactoryKey("MyApp.BackendService.Stub")
    public static let clockFixed = DependencyFactoryKey("MyApp.Clock.Fixed")
    public static let paymentDeclining = DependencyFactoryKey("MyApp.PaymentGateway.Declining")
    public static let profileModelStub = DependencyFactoryKey("MyApp.ProfileViewModel.Stub")
    public static let weatherFailing = DependencyFactoryKey("ForecastServer.WeatherProvider.Failing")
}

extension DependencyContainerScope {
    public static let checkout = DependencyContainerScope("checkout")
}

extension InstanceScope {
    public static let session = InstanceScope("session")
}

extension DynamicDependencyIndex {
    public static let myApp = DynamicDependencyIndex { _ in }
}

public enum Stubs {
    public static let offline = LaunchArgumentBuilder(arguments: [])
}

// MARK: The app's types

public protocol BackendService: Sendable { func recipes() async throws -> [String] }
public struct LiveBackend: BackendService {
    public init() {}
    public func recipes() async throws -> [String] { [] }
}
public struct BackendStub: BackendService {
    public init() {}
    public func recipes() async throws -> [String] { [] }
}
public struct OfflineBackend: BackendService {
    public init() {}
    public func recipes() async throws -> [String] { [] }
}

public protocol Backend: Sendable { var name: String { get } }

public final class RecipeStore: Sendable {
    public init() {}
    public let backend: BackendService = LiveBackend()
    public static func current() -> RecipeStore { RecipeStore() }
    public func recipes() async throws -> [String] { [] }
    public func cachedRecipes() throws -> [String] { [] }
    public func refresh(using backend: Backend) {}
}

public final class Refresher: Sendable {
    public init() {}
    public func refresh() async {}
}

public struct AppRegistry: DependencyRegistryType {
    public init() {}
    public func registerDependencies() throws {}
}

public protocol DataStore {}
public final class LiveDataStore: DataStore {
    public init(backend: BackendService) {}
}

public protocol NetworkLayer {}
public final class LocalNetwork: NetworkLayer { public init() {} }
public final class RemoteNetwork: NetworkLayer { public init() {} }
public final class StagingNetwork: NetworkLayer { public init() {} }

public final class Client {
    public let server: Server
    public init(server: Server) { self.server = server }
}
public final class Server {
    public init() {}
    public weak var client: Client?
}

public protocol ProfileStore {}
public final class StubProfileStore: ProfileStore { public init() {} }
@MainActor public final class ProfileViewModel {
    public init(store: ProfileStore) {}
}

public protocol Session {}
public protocol SessionEvents {}
public final class LiveSession: Session, SessionEvents { public init() {} }
public final class Screen {
    public init(logger: Logger, model: ScreenModel) {}
}
public final class ScreenModel {}

public final class Downloader {
    public init(url: URL, session: Session) {}
}
public final class Connection {
    public init(host: String, port: Int) {}
}

public protocol Logger {}
public final class RequestLogger: Logger { public init() {} }
public final class RequestLog { public init() {} }

public final class Transaction { public init() {} }
public struct Job {}
public final class AuditTrail {}
public final class Ledger {
    public func post(_ job: Job, audit: AuditTrail) throws {}
}

public protocol Presenter {}
public protocol Router {}
public protocol Interactor {}

public protocol Analytics {}
public final class LiveAnalytics: Analytics { public init() {} }
public protocol PaymentService {}
public protocol CheckoutStore {}
public final class AppCoordinator {}

public final class Parent {
    public let child: Child
    public init(child: Child) { self.child = child }
}
public final class Child {
    public var parent: Parent? { nil }
}

public protocol Clock {}
public struct FixedClock: Clock {
    public init(_ date: Date) {}
    public init(date: Date) {}
}

public final class Checkout {
    public init() {}
    public func total() -> Int { 0 }
}

public protocol Greeter {}
public struct LiveGreeter: Greeter { public init(_ name: String) {} }
public struct StubGreeter: Greeter { public init(_ name: String) {} }

public protocol PaymentGateway {}
public struct DecliningGateway: PaymentGateway { public init(reason: String) {} }

// An app's own command-line options and environment.
public struct MyOptions {
    public static func parse(_ arguments: [String]) throws -> MyOptions { MyOptions() }
}
public struct Environment {
    public static func detect(arguments: [String]) throws -> Environment { Environment() }
}

// A server framework's request handling (Hummingbird's and Vapor's shapes).
public struct Request: Sendable {}
public struct Response: Sendable {}
public struct Context: Sendable {}
public protocol AsyncResponder: Sendable {
    func respond(to request: Request) async throws -> Response
}
public protocol AsyncMiddleware: Sendable {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response
}
