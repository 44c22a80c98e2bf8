import RelayTestSupport
import Foundation
import Relay
import Testing

// Dip's Client ↔ Server example, Relay's way. Each test uses types and scopes of its own.

private final class Client: @unchecked Sendable {
    // `@unchecked Sendable`: `server` is a `let`.
    let server: Server
    init(server: Server) { self.server = server }
}
/// `@unchecked Sendable`: `client` is written once, by the completion hook, before the
/// container lets any other thread see the server (and read only after that).
private final class Server: @unchecked Sendable {
    var client: Client?
}
private struct HookError: Error, CustomStringConvertible { var description: String { "hook refused" } }
private final class Hooked {}
private final class Order { var log: [String] = [] }
private final class Outer { let inner: Inner; init(inner: Inner) { self.inner = inner } }
private final class Inner {}

/// Counts the factory runs of one test's registrations.
private final class Made: Sendable {
    let clients = Locked(0)
    let servers = Locked(0)
}

private func registerClientServer(in c: DependencyContainer, lifecycle: LifecycleType, made: Made = Made()) {
    let (clientsMade, serversMade) = (made.clients, made.servers)
    c.register(Client.self, lifecycle: lifecycle) { c in
        clientsMade.withLock { $0 += 1 }
        return Client(server: try c.tryResolve())
    }
    c.register(Server.self, lifecycle: lifecycle) { _ in
        serversMade.withLock { $0 += 1 }
        return Server()
    } completing: { c, server in
        server.client = try c.tryResolve()
    }
}

@Suite("Completion hooks")
struct CompletionHookTests {
    @Test("Client ↔ Server as graph: the hook sees the Client being built; no factory runs twice")
    func clientServerGraph() {
        let c = DependencyContainer.container(for: DependencyContainerScope("CompletionHookTests.graph"))
        let made = Made()
        registerClientServer(in: c, lifecycle: .graph, made: made)
        let client = c.resolve(Client.self)
        #expect(client.server.client === client)
        let server = c.resolve(Server.self)
        #expect(server.client?.server === server)
        #expect(made.clients.withLock { $0 } == 2)
        #expect(made.servers.withLock { $0 } == 2)
    }

    @Test("Client ↔ Server as singletons: resolved from either side, one of each")
    func clientServerSingleton() {
        let c = DependencyContainer.container(for: DependencyContainerScope("CompletionHookTests.singleton"))
        let made = Made()
        registerClientServer(in: c, lifecycle: .singleton, made: made)
        let server = c.resolve(Server.self)
        let client = c.resolve(Client.self)
        #expect(server.client === client)
        #expect(client.server === server)
        #expect(made.clients.withLock { $0 } == 1 && made.servers.withLock { $0 } == 1)
    }

    @Test("Client ↔ Server singletons under 8 threads: every thread sees the completed pair")
    func clientServerThreads() {
        let c = DependencyContainer.container(for: DependencyContainerScope("CompletionHookTests.threads"))
        let made = Made()
        registerClientServer(in: c, lifecycle: .singleton, made: made)
        let incomplete = Locked(0)
        let clients = Locked<[ObjectIdentifier]>([])
        runOnThreads(8) { _ in
            for _ in 0..<50 {
                let client = c.resolve(Client.self)
                if client.server.client !== client { incomplete.withLock { $0 += 1 } }
                clients.withLock { $0.append(ObjectIdentifier(client)) }
            }
        }
        #expect(incomplete.withLock { $0 } == 0)
        #expect(Set(clients.withLock { $0 }).count == 1)
        #expect(made.clients.withLock { $0 } == 1 && made.servers.withLock { $0 } == 1, "each factory ran once, whichever thread won")
    }

    /// A singleton being completed is visible only to its own thread, as one being built
    /// is. So two threads that start from opposite sides at the same moment — one building
    /// the Server (its hook then needs the Client), the other the Client (whose factory
    /// needs the Server) — can each hold what the other waits for. Relay's wait-for check
    /// turns that into an error naming the cycle across threads instead of a deadlock; no
    /// thread ever receives a pair whose hook has not run.
    @Test("Client ↔ Server singletons from opposite sides under 8 threads: a complete pair or a cross-thread cycle error, never a hang or a half-built pair")
    func clientServerOppositeSides() {
        let c = DependencyContainer.container(for: DependencyContainerScope("CompletionHookTests.oppositeSides"))
        registerClientServer(in: c, lifecycle: .singleton)
        let incomplete = Locked(0)
        let unexpected = Locked<[String]>([])
        runOnThreads(8, limit: 120) { index in
            for _ in 0..<50 {
                do throws(DependencyResolutionError) {
                    if index.isMultiple(of: 2) {
                        let server = try c.tryResolve(Server.self)
                        if server.client?.server !== server { incomplete.withLock { $0 += 1 } }
                    } else {
                        let client = try c.tryResolve(Client.self)
                        if client.server.client !== client { incomplete.withLock { $0 += 1 } }
                    }
                } catch {
                    if case .circularDependency(_, acrossThreads: true) = error.reason { continue }
                    unexpected.withLock { $0.append(error.description) }
                }
            }
        }
        #expect(incomplete.withLock { $0 } == 0)
        #expect(unexpected.withLock { $0 } == [])
    }

    @Test("graph Client ↔ Server under 8 threads: each resolve completes its own pair")
    func graphThreads() {
        let c = DependencyContainer.container(for: DependencyContainerScope("CompletionHookTests.graphThreads"))
        registerClientServer(in: c, lifecycle: .graph)
        let incomplete = Locked(0)
        runOnThreads(8) { _ in
            for _ in 0..<100 {
                let client = c.resolve(Client.self)
                if client.server.client !== client { incomplete.withLock { $0 += 1 } }
            }
        }
        #expect(incomplete.withLock { $0 } == 0)
    }

    @Test("hooks run innermost first, after every factory of the outermost resolve returned")
    func order() {
        let c = DependencyContainer.container(for: DependencyContainerScope("CompletionHookTests.order"))
        c.register(Order.self, lifecycle: .graph) { _ in Order() }
        c.register(Inner.self, lifecycle: .transient) { c in
            (try c.tryResolve(Order.self)).log.append("inner factory")
            return Inner()
        } completing: { c, _ in
            (try c.tryResolve(Order.self)).log.append("inner hook")
        }
        c.register(Outer.self, lifecycle: .transient) { c in
            let outer = Outer(inner: try c.tryResolve())
            (try c.tryResolve(Order.self)).log.append("outer factory")
            return outer
        } completing: { c, _ in
            let order = try c.tryResolve(Order.self)
            order.log.append("outer hook")
            #expect(order.log == ["inner factory", "outer factory", "inner hook", "outer hook"])
        }
        _ = c.resolve(Outer.self)
    }

    @Test("a throwing hook fails the resolve with factoryFailed naming the registration")
    func throwingHook() {
        let c = DependencyContainer.container(for: DependencyContainerScope("CompletionHookTests.throwing"))
        let line = #line + 1
        c.register(Hooked.self) { _ in Hooked() } completing: { _, _ in throw HookError() }
        let error = #expect(throws: DependencyResolutionError.self) { try c.tryResolve(Hooked.self) }
        #expect(error?.reason == .factoryFailed)
        #expect(error?.registration == "RelayTests/CompletionHookTests.swift:\(line)")
        #expect(error?.description.components(separatedBy: "\n").first == "Relay cannot resolve RelayTests.Hooked in scope 'CompletionHookTests.throwing': its completion hook (registered at RelayTests/CompletionHookTests.swift:\(line)) threw: hook refused")
        // The singleton was discarded: the next resolve builds and completes it again.
        #expect(throws: DependencyResolutionError.self) { try c.tryResolve(Hooked.self) }
    }
}
