import Foundation
import Relay
import RelayTestSupport
import Testing

// README.md's "A full container", compiled and run: DocsCodeTests checks that each Swift
// block of that section is a run of lines of openShop() below. bootstrap() builds the
// eager singletons of every container, so the code runs in a child process.

private protocol NetworkLayer: AnyObject {}
private final class LocalNetwork: NetworkLayer {}
private final class RemoteNetwork: NetworkLayer {}
private final class RequestLog {}
private final class ImageCache {}
/// Counts its builds: bootstrap() builds one, validate() one more in its throw-away copy.
private let analyticsBuilt = Locked(0)
private final class Analytics {
    init() { analyticsBuilt.withLock { $0 += 1 } }
}
private final class Downloader {
    let url: URL
    let network: NetworkLayer
    let log: RequestLog
    init(url: URL, network: NetworkLayer, log: RequestLog) { self.url = url; self.network = network; self.log = log }
}
private final class Feed {
    let network: NetworkLayer
    let log: RequestLog
    init(network: NetworkLayer, log: RequestLog) { self.network = network; self.log = log }
}
private final class Client {
    let server: Server
    init(server: Server) { self.server = server }
}
private final class Server {
    weak var client: Client?
}

private protocol Cart: AnyObject {}
private protocol CartEvents: AnyObject {}
private final class LiveCart: Cart, CartEvents {}
private protocol Coupons: AnyObject {}
private final class CartPair {
    let cart: Cart
    let events: CartEvents
    init(cart: Cart, events: CartEvents) { self.cart = cart; self.events = events }
}

private extension DependencyContainerScope {
    static let shop = DependencyContainerScope("ReadmeFullContainer.shop")
}

/// The README's two blocks, then checks of what the comments there say.
private func openShop() throws -> Bool {
    let c = DependencyContainer.container(for: .shop)   // or DependencyContainer.global

    // Tags: several registrations of one type; a tag with none of its own falls back.
    c.register(NetworkLayer.self) { _ in LocalNetwork() }
    c.register(NetworkLayer.self, tag: "Production") { _ in RemoteNetwork() }

    // Lifecycles besides .singleton (the default) and .transient:
    c.register(RequestLog.self, lifecycle: .graph) { _ in RequestLog() }           // one per outermost resolve
    c.register(ImageCache.self, lifecycle: .weakSingleton) { _ in ImageCache() }   // shared while someone holds it
    c.register(Analytics.self, lifecycle: .eagerSingleton) { _ in Analytics() }    // built by bootstrap()

    // Runtime arguments: the caller passes a value to every resolve (always transient).
    c.register(Downloader.self, argument: URL.self) { c, url in
        Downloader(url: url, network: try c.tryResolve(), log: try c.tryResolve())
    }

    // Auto-wiring: the initializer's parameters are resolved from the container.
    c.register(Feed.self, lifecycle: .transient, wiring: Feed.init)

    // Completion hooks: two objects that need each other, without a cycle error.
    c.register(Client.self, lifecycle: .graph) { c in Client(server: try c.tryResolve()) }
    c.register(Server.self, lifecycle: .graph) { _ in Server() } completing: { c, server in
        server.client = try c.tryResolve()
    }

    // Type forwarding: one implementation under several types, all sharing its lifecycle.
    c.register(LiveCart.self, as: Cart.self, CartEvents.self, lifecycle: .graph) { _ in LiveCart() }

    // Properties resolved on first access: optional (nil when nothing is registered) or weak.
    final class CartScreen {
        @Injected(scope: .shop) var coupons: Coupons?               // nil: no Coupons registered
        @WeakInjected(scope: .shop) var images: ImageCache?         // does not keep the cache alive
    }

    try DependencyContainer.bootstrap()   // at start-up, after inject(): Analytics is built now

    let remote = c.resolve(NetworkLayer.self, tag: "Production")   // RemoteNetwork
    let local = c.resolve(NetworkLayer.self, tag: "Staging")       // LocalNetwork: the fallback
    let menu = c.resolve(Downloader.self, argument: URL(string: "https://example.com/menu.json")!)
    let feed = c.resolve(Feed.self)                                // Feed(network:log:), both resolved
    let client = c.resolve(Client.self)                            // client.server.client === client
    try DependencyContainer.validate(arguments: [URL(string: "https://example.com")!])   // in a test: a dry run of it all

    c.register(CartPair.self, lifecycle: .transient) { c in CartPair(cart: try c.tryResolve(), events: try c.tryResolve()) }
    let pair = c.resolve(CartPair.self)
    let screen = CartScreen()
    let images = c.resolve(ImageCache.self)

    return analyticsBuilt.withLock { $0 } == 2   // built by bootstrap() before any resolve, and once by validate()
        && remote is RemoteNetwork && local is LocalNetwork
        && menu.url.absoluteString == "https://example.com/menu.json" && menu.network is LocalNetwork
        && feed.network is LocalNetwork && feed.log !== c.resolve(Feed.self).log
        && client.server.client === client
        && c.resolve(ImageCache.self) === c.resolve(ImageCache.self) // the first is held until the comparison
        && c.resolve(Analytics.self) === c.resolve(Analytics.self)
        && pair.cart === pair.events && c.resolve(CartPair.self).cart !== pair.cart
        && screen.coupons == nil && screen.images === images
}

@Suite("README: a full container")
struct ReadmeFullContainerTests {
    @Test("the README's full container registers, bootstraps, validates and resolves as its comments say")
    func fullContainer() async {
        await #expect(processExitsWith: .success) {
            guard try openShop() else { exit(1) }
        }
    }
}
