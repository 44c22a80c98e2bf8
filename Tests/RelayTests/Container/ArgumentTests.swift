import Foundation
import Relay
import Testing

// Each test uses types and scopes of its own, so tests can share the process-global
// containers and still run in parallel; validate() runs in child processes.

private protocol ArgDownloader: AnyObject { var url: String { get } }
private final class ArgDownloaderImpl: ArgDownloader {
    let url: String
    init(url: String) { self.url = url }
}
private final class ArgConnection {
    let host: String, port: Int
    init(host: String, port: Int) { self.host = host; self.port = port }
}
private final class ArgTagged { let label: String; init(_ label: String) { self.label = label } }
private final class ArgOnly {}
private final class ArgNode {
    let child: ArgNode?
    init(child: ArgNode?) { self.child = child }
    var levels: Int { 1 + (child?.levels ?? 0) }
}
private final class ArgLoop {}
private final class ArgCycleA { init(_: ArgCycleB) {} }
private final class ArgCycleB { init(_: ArgCycleA) {} }
private final class ArgService {}
struct ArgValidated { let value: Int }
struct ArgValidatedPair { let value: String }

@Suite("Runtime arguments")
struct ArgumentTests {
    @Test("an argument registration makes a new instance from every resolve's argument")
    func transientWithArgument() {
        let c = DependencyContainer.container(for: DependencyContainerScope("ArgumentTests.basic"))
        c.register(ArgDownloader.self, argument: String.self) { _, url in ArgDownloaderImpl(url: url) }
        let first = c.resolve(ArgDownloader.self, argument: "https://a.example")
        let second = c.resolve(ArgDownloader.self, argument: "https://a.example")
        #expect(first.url == "https://a.example")
        #expect(first !== second)
        #expect(c.resolve(ArgDownloader.self, argument: "https://b.example").url == "https://b.example")
    }

    @Test("several values travel as a tuple; the tuple's type is the key")
    func tupleArgument() throws {
        let c = DependencyContainer.container(for: DependencyContainerScope("ArgumentTests.tuple"))
        c.register(ArgConnection.self, argument: (String, Int).self) { _, address in ArgConnection(host: address.0, port: address.1) }
        let connection = try c.tryResolve(ArgConnection.self, argument: ("example.com", 80))
        #expect(connection.host == "example.com" && connection.port == 80)
    }

    @Test("tags and arguments: the exact tag, else the untagged registration taking the type")
    func taggedArgument() {
        let c = DependencyContainer.container(for: DependencyContainerScope("ArgumentTests.tagged"))
        c.register(ArgTagged.self, argument: Int.self) { _, n in ArgTagged("untagged \(n)") }
        c.register(ArgTagged.self, tag: "t", argument: Int.self) { _, n in ArgTagged("t \(n)") }
        #expect(c.resolve(ArgTagged.self, tag: "t", argument: 1).label == "t 1")
        #expect(c.resolve(ArgTagged.self, tag: "other", argument: 2).label == "untagged 2")
        #expect(c.resolve(ArgTagged.self, argument: 3).label == "untagged 3")
    }

    @Test("resolving without the argument, or with another type, says which type it takes")
    func mismatch() {
        let scope = DependencyContainerScope("ArgumentTests.mismatch")
        let c = DependencyContainer.container(for: scope)
        let line = #line + 1
        c.register(ArgOnly.self, argument: Int.self) { _, _ in ArgOnly() }
        let name = "RelayTests.ArgOnly"
        let without = #expect(throws: DependencyResolutionError.self) { try c.tryResolve(ArgOnly.self) }
        #expect(without?.reason == .argumentMismatch(expected: "Swift.Int", given: nil))
        #expect(without?.description == """
            Relay cannot resolve \(name) in scope 'ArgumentTests.mismatch' without an argument: it is registered (at RelayTests/ArgumentTests.swift:\(line)) with an argument of type Swift.Int.
              fix: pass the argument: resolve(\(name).self, argument: …) with a value of type Swift.Int.
            """)
        let other = #expect(throws: DependencyResolutionError.self) { try c.tryResolve(ArgOnly.self, argument: "seven") }
        #expect(other?.reason == .argumentMismatch(expected: "Swift.Int", given: "Swift.String"))
        #expect(other?.description.hasPrefix("Relay cannot resolve \(name) in scope 'ArgumentTests.mismatch' with an argument of type Swift.String: it is registered (at RelayTests/ArgumentTests.swift:\(line)) with an argument of type Swift.Int.") == true)
    }

    @Test("validate(arguments:) resolves argument registrations with samples; one without a sample is reported")
    func validation() async {
        await #expect(processExitsWith: .success) {
            DependencyContainer.global.register(ArgValidated.self, argument: Int.self) { _, n in ArgValidated(value: n) }
            DependencyContainer.global.register(ArgValidatedPair.self, argument: (String, Int).self) { _, pair in ArgValidatedPair(value: pair.0) }
            do {
                try DependencyContainer.validate(arguments: [42, ("a", 1)])
            } catch {
                exit(10)
            }
            do {
                try DependencyContainer.validate(arguments: [42])
                exit(11)
            } catch let error as DependencyValidationError {
                guard error.failures.count == 1,
                      error.failures[0].subject.hasPrefix("RelayTests.ArgValidatedPair with an argument of type (Swift.String, Swift.Int) in global (registered at RelayTests/ArgumentTests.swift:"),
                      error.failures[0].error.reason == .argumentMismatch(expected: "(Swift.String, Swift.Int)", given: nil)
                else { exit(12) }
            } catch {
                exit(13)
            }
            exit(0)
        }
    }

    // An argument resolve is left out of the cycle check: see `ResolutionThread.push`.

    @Test("a factory resolving its own type with another argument builds a tree 100 levels deep")
    func recursiveArgument() throws {
        let c = DependencyContainer.container(for: DependencyContainerScope("ArgumentTests.recursive"))
        c.register(ArgNode.self, argument: Int.self) { c, depth in
            ArgNode(child: depth > 0 ? try c.tryResolve(ArgNode.self, argument: depth - 1) : nil)
        }
        #expect(try c.tryResolve(ArgNode.self, argument: 1).levels == 2)
        #expect(try c.tryResolve(ArgNode.self, argument: 99).levels == 100)
    }

    @Test("an argument resolve asking for itself with the same argument ends with the depth error, not a crash")
    func argumentCycle() {
        let c = DependencyContainer.container(for: DependencyContainerScope("ArgumentTests.argumentCycle"))
        c.register(ArgLoop.self, argument: Int.self) { c, n in try c.tryResolve(ArgLoop.self, argument: n) }
        let error = #expect(throws: DependencyResolutionError.self) { try c.tryResolve(ArgLoop.self, argument: 7) }
        guard case .resolutionTooDeep = error?.reason else {
            Issue.record("expected the depth guard's error, got \(String(describing: error?.reason))")
            return
        }
        #expect(error?.chain.allSatisfy { $0 == "RelayTests.ArgLoop" } == true)
    }

    @Test("a cycle through a registration without an argument is still reported as a cycle")
    func cycleThroughPlainRegistration() {
        let c = DependencyContainer.container(for: DependencyContainerScope("ArgumentTests.mixedCycle"))
        c.register(ArgCycleA.self, argument: Int.self) { c, _ in ArgCycleA(try c.tryResolve(ArgCycleB.self)) }
        c.register(ArgCycleB.self, lifecycle: .transient) { c in ArgCycleB(try c.tryResolve(ArgCycleA.self, argument: 1)) }
        let error = #expect(throws: DependencyResolutionError.self) { try c.tryResolve(ArgCycleB.self) }
        let (a, b) = ("RelayTests.ArgCycleA", "RelayTests.ArgCycleB")
        #expect(error?.reason == .circularDependency(cycle: [b, a, b], acrossThreads: false))
    }

    @Test("resolving with an argument a type registered without one names both, and where it is registered")
    func argumentGivenToPlainRegistration() {
        let scope = DependencyContainerScope("ArgumentTests.plainGivenArgument")
        let c = DependencyContainer.container(for: scope)
        let line = #line + 1
        c.register(ArgService.self) { _ in ArgService() }
        let name = "RelayTests.ArgService"
        let error = #expect(throws: DependencyResolutionError.self) { try c.tryResolve(ArgService.self, argument: "x") }
        #expect(error?.reason == .missingRegistration)
        #expect(error?.description == """
            Relay cannot resolve \(name) with an argument of type Swift.String: no registration taking an argument in scope 'ArgumentTests.plainGivenArgument' or in its fallback, the global container; it is registered without an argument (at RelayTests/ArgumentTests.swift:\(line)).
              fix: resolve it without an argument, or register it with one: register(\(name).self, argument: Swift.String.self) { container, argument in … }
            """)
    }
}
