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
private final class ArgPlain {}
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
        c.register(ArgOnly.self, argument: Int.self) { _, _ in ArgOnly() }
        let name = String(reflecting: ArgOnly.self)
        let without = #expect(throws: DependencyResolutionError.self) { try c.tryResolve(ArgOnly.self) }
        #expect(without?.reason == .argumentMismatch(expected: "Swift.Int", given: nil))
        #expect(without?.description == """
            Relay cannot resolve \(name) in scope 'ArgumentTests.mismatch' without an argument: it is registered (at RelayTests/ArgumentTests.swift:58) with an argument of type Swift.Int.
              fix: pass the argument: resolve(\(name).self, argument: …) with a value of type Swift.Int.
            """)
        let other = #expect(throws: DependencyResolutionError.self) { try c.tryResolve(ArgOnly.self, argument: "seven") }
        #expect(other?.reason == .argumentMismatch(expected: "Swift.Int", given: "Swift.String"))
        #expect(other?.description.hasPrefix("Relay cannot resolve \(name) in scope 'ArgumentTests.mismatch' with an argument of type Swift.String: it is registered (at RelayTests/ArgumentTests.swift:58) with an argument of type Swift.Int.") == true)
    }

    @Test("a plain registration resolved with an argument is missing, with a note")
    func plainWithArgument() {
        let c = DependencyContainer.container(for: DependencyContainerScope("ArgumentTests.plain"))
        c.register(ArgPlain.self) { _ in ArgPlain() }
        let error = #expect(throws: DependencyResolutionError.self) { try c.tryResolve(ArgPlain.self, argument: 1) }
        #expect(error?.reason == .missingRegistration)
        #expect(error?.nearMisses.first == "\(String(reflecting: ArgPlain.self)) is registered without an argument; resolve it without one")
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
}
