import Foundation
import Relay
import Testing

// docs/configuration.md's Swift blocks that are not code of an example package, compiled
// here verbatim (DocumentationCoverageTests finds them). The first runs as a test; the
// functions below it are compiled and never called: they would fill the process's shared
// containers under other tests.

@Test("docs/configuration.md: an instruction in Swift")
func instructionInSwift() throws {
    let instruction = try DependencyInjectionInstruction(
        parsing: "type=MyApp.Cache<Swift.String, Swift.Int>,factory=MyApp.Cache.InMemory")

    #expect(instruction.type == DependencyTypeKey("MyApp.Cache<Swift.String, Swift.Int>"))
    #expect(instruction.scope == .global)
    #expect(instruction.lifecycle == .singleton)
    #expect(instruction.tag == nil)         // the type's untagged registration
    #expect(instruction.parameter == nil)   // no text for the factory
    #expect(instruction.description == "type=MyApp.Cache<Swift.String, Swift.Int>,factory=MyApp.Cache.InMemory")
}

// "Parameters: `parameter=`", "Argument stubs"

extension DependencyParameter where Value == Date {
    static let iso8601 = DependencyParameter(expecting: "an ISO 8601 date, e.g. 2025-03-14T09:00:00Z") { text in
        ISO8601DateFormatter().date(from: text)   // nil, or a thrown error, rejects the text
    }
}

private extension DependencyFactoryKey {
    static let clockAt = DependencyFactoryKey("MyApp.Clock.At")
    static let gatewayDeclining = DependencyFactoryKey("MyApp.PaymentGateway.Declining")
}

enum ConfigurationPage {
    protocol Clock: Sendable {}
    struct FixedClock: Clock {
        let date: Date
        init(_ date: Date) { self.date = date }
    }
    protocol PaymentGateway: Sendable {}
    struct DecliningGateway: PaymentGateway { let reason: String }
    protocol Greeter: Sendable {}
    struct StubGreeter: Greeter {
        let name: String
        init(_ name: String) { self.name = name }
    }

    static let index = DynamicDependencyIndex { index in
        index.add(factory: .clockAt, producing: Clock.self, parameter: .iso8601) { _, date in FixedClock(date) }
        index.add(factory: .gatewayDeclining, producing: PaymentGateway.self,
                  parameter: DependencyParameter<String>(expecting: "a decline reason, e.g. insufficient-funds")) { _, reason in
            DecliningGateway(reason: reason)
        }
        index.add(factory: "MyApp.Greeter.Stub", producing: Greeter.self, argument: String.self) { _, name in
            StubGreeter(name)
        }
    }

    // "Sources and precedence"
    static func ownSource() throws {
        struct DefaultsSource: DependencyInstructionSource {
            var name: String { "UserDefaults[relay]" }

            func readInstructions(context: InstructionReadContext) throws -> [LocatedInstruction] {
                guard let text = UserDefaults.standard.string(forKey: "relay") else { return [] }
                return try InstructionSourceParsing.parseRelayText(text, source: name, context: context)
            }
        }

        var sources = DynamicDependencyRegistry.standardSources()
        sources.removeAll { $0 is EnvironmentInstructionSource }  // no environment variable
        sources.append(DefaultsSource())                          // lowest precedence
        try DynamicDependencyRegistry(index: .myApp, sources: sources).inject()
    }

    // "The policy decides whether anything is read"
    static func stagingBuild() throws {
        try DynamicDependencyRegistry.standard(index: .myApp, policy: .enabled).inject()
    }

    // "Limits"
    static func smallerLimits() throws {
        let limits = InstructionSourceLimits(maxBytes: 64 * 1024, maxInstructions: 200)
        try DynamicDependencyRegistry.standard(index: .myApp, limits: limits).inject()
    }
}
