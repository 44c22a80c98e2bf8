import Foundation
@testable import Relay
@testable import RelayInstructions
import Testing

// `tag=` and `parameter=` through the pipeline: checks, messages, the registration made,
// the report and the manifest. Resolving a *tagged* binding needs the engine's tags; those
// tests are in TaggedBindingResolveTests.swift.

protocol ParamClock: Sendable { var seconds: Int { get } }
struct ParamFixedClock: ParamClock { let seconds: Int }
struct ParamLiveClock: ParamClock { var seconds: Int { -1 } }
protocol TagNetwork: Sendable { var name: String { get } }
struct TagNetworkStub: TagNetwork { let name = "stub" }

struct ParamParseError: Error, CustomStringConvertible {
    var description: String { "negative numbers are not allowed" }
}

extension DependencyTypeKey {
    static let paramClock = DependencyTypeKey("RelayTests.ParamClock")
    static let tagNetwork = DependencyTypeKey("RelayTests.TagNetwork")
}

extension DependencyFactoryKey {
    static let paramClockAt = DependencyFactoryKey("RelayTests.ParamClock.At")
    static let paramClockLive = DependencyFactoryKey("RelayTests.ParamClock.Live")
    static let tagNetworkStub = DependencyFactoryKey("RelayTests.TagNetwork.Stub")
}

extension DependencyParameter where Value == Int {
    static let seconds = DependencyParameter(expecting: "a whole number of seconds, e.g. 7") { text in
        guard let value = Int(text) else { return nil }
        guard value >= 0 else { throw ParamParseError() }
        return value
    }
}

/// An index with a parameterized clock, a plain clock and a network type with declared tags.
func makeTagAndParameterIndex() -> DynamicDependencyIndex {
    let index = DynamicDependencyIndex()
    index.add(type: .paramClock, (any ParamClock).self)
    index.add(type: .tagNetwork, (any TagNetwork).self)
    index.add(factory: .paramClockAt, producing: (any ParamClock).self, parameter: .seconds) { _, seconds in
        ParamFixedClock(seconds: seconds)
    }
    index.add(factory: .paramClockLive, producing: (any ParamClock).self) { _ in ParamLiveClock() }
    index.add(factory: .tagNetworkStub, producing: (any TagNetwork).self) { _ in TagNetworkStub() }
    index.add(tag: "Production", for: (any TagNetwork).self)
    index.add(tag: "Staging", for: (any TagNetwork).self)
    return index
}

@Suite("Dynamic injection: tag= and parameter=")
struct TagAndParameterBindingTests {
    private func registry(_ arguments: [String], index: DynamicDependencyIndex = makeTagAndParameterIndex()) -> DynamicDependencyRegistry {
        DynamicDependencyRegistry(index: index, sources: [CommandLineInstructionSource(arguments: arguments)], policy: .enabled)
    }

    private func errors(_ arguments: [String]) -> String {
        do {
            _ = try registry(arguments).plan()
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test("a parameter is parsed when checked and captured into the registration")
    func parameterIsCaptured() throws {
        let scope = uniqueScope()
        let report = try registry(["-d", "type=RelayTests.ParamClock,factory=RelayTests.ParamClock.At,scope=\(scope.name),parameter=7"]).inject()
        #expect(try DependencyContainer.container(for: scope).tryResolve((any ParamClock).self).seconds == 7)
        #expect(report.bindings.map(\.parameter) == ["7"])
        #expect(report.bindings[0].description.hasPrefix("RelayTests.ParamClock [\(scope.name)] → RelayTests.ParamClock.At parameter=7 (from argv[1]"))
    }

    @Test("the same parameterized factory with two values in two scopes")
    func twoValues() throws {
        let first = uniqueScope("first"), second = uniqueScope("second")
        try registry([
            "-d", "type=RelayTests.ParamClock,factory=RelayTests.ParamClock.At,scope=\(first.name),parameter=1",
            "-d", "type=RelayTests.ParamClock,factory=RelayTests.ParamClock.At,scope=\(second.name),parameter=2",
        ]).inject()
        #expect(try DependencyContainer.container(for: first).tryResolve((any ParamClock).self).seconds == 1)
        #expect(try DependencyContainer.container(for: second).tryResolve((any ParamClock).self).seconds == 2)
    }

    @Test("an invalid parameter is a positioned error, and nothing is registered")
    func invalidParameter() throws {
        let scope = uniqueScope()
        let container = DependencyContainer.container(for: scope)
        container.register((any ParamClock).self) { _ in ParamLiveClock() }
        #expect(throws: DynamicInjectionError.self) {
            try registry([
                "-d", "type=RelayTests.TagNetwork,factory=RelayTests.TagNetwork.Stub,scope=\(scope.name)",
                "-d", "type=RelayTests.ParamClock,factory=RelayTests.ParamClock.At,scope=\(scope.name),parameter=14/03/2025",
            ]).inject()
        }
        #expect(try container.tryResolve((any ParamClock).self).seconds == -1)
        #expect((try? container.tryResolve((any TagNetwork).self)) == nil, "all or nothing")
        #expect(errors(["-d", "type=RelayTests.ParamClock,factory=RelayTests.ParamClock.At,parameter=14/03/2025"])
            == "argv[1]: error: invalid parameter '14/03/2025' for factory 'RelayTests.ParamClock.At': expected a whole number of seconds, e.g. 7; fix parameter= in the instruction")
    }

    @Test("a parser's error is added to the message")
    func parserError() {
        #expect(errors(["-d", "type=RelayTests.ParamClock,factory=RelayTests.ParamClock.At,parameter=-3"])
            == "argv[1]: error: invalid parameter '-3' for factory 'RelayTests.ParamClock.At': expected a whole number of seconds, e.g. 7 (negative numbers are not allowed); fix parameter= in the instruction")
    }

    @Test("a factory that needs a parameter and gets none, or takes none and gets one")
    func requiredAndForbidden() {
        #expect(errors([
            "-d", "type=RelayTests.ParamClock,factory=RelayTests.ParamClock.At",
            "-d", "type=RelayTests.TagNetwork,factory=RelayTests.TagNetwork.Stub,parameter=fast",
        ]) == """
            argv[1]: error: factory 'RelayTests.ParamClock.At' needs a parameter: expected a whole number of seconds, e.g. 7; add parameter=<value> to the instruction
            argv[3]: error: factory 'RelayTests.TagNetwork.Stub' takes no parameter, but the instruction gives parameter='fast'; remove parameter=, or choose a factory indexed with add(factory:producing:parameter:_:)
            """)
    }

    @Test("every binding's problems are reported at once; a parameter is parsed only for an otherwise valid binding")
    func everyProblem() {
        let lines = errors([
            "-d", "type=RelayTests.ParamClock,factory=RelayTests.ParamClock.At,parameter=x",
            "-d", "type=RelayTests.ParamClock,factory=RelayTests.ParamClock.At,scope=global,tag=Nope,parameter=y",
        ]).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("argv[1]: error: invalid parameter 'x'") == true)
        #expect(lines.last?.hasPrefix("argv[3]: error: unknown tag 'Nope'") == true)
    }

    @Test("a LosslessStringConvertible parameter needs no parser")
    func losslessParameter() throws {
        let index = makeTagAndParameterIndex()
        index.add(factory: "RelayTests.ParamClock.Lossless", producing: (any ParamClock).self, parameter: DependencyParameter<Int>(expecting: "a whole number")) { _, seconds in
            ParamFixedClock(seconds: seconds)
        }
        let scope = uniqueScope()
        try registry(["-d", "type=RelayTests.ParamClock,factory=RelayTests.ParamClock.Lossless,scope=\(scope.name),parameter=12"], index: index).inject()
        #expect(try DependencyContainer.container(for: scope).tryResolve((any ParamClock).self).seconds == 12)
    }

    @Test("withInjectedDependencies passes the parameter")
    func overrides() throws {
        let seconds = try withInjectedDependencies("type=RelayTests.ParamClock,factory=RelayTests.ParamClock.At,parameter=9", index: makeTagAndParameterIndex()) {
            try DependencyContainer.global.tryResolve((any ParamClock).self).seconds
        }
        #expect(seconds == 9)
    }

    @Test("validate() leaves a parameterized factory out; lookup(factory:) has no parameter to give it")
    func validateSkipsParameterized() throws {
        let index = makeTagAndParameterIndex()
        try index.validate()
        #expect(index.factoryKeys.contains(.paramClockAt))
        #expect(try index.producedType(of: .paramClockAt) == (any ParamClock).self)
    }

    @Test("a tag nobody registers or declares is rejected with did you mean")
    func unknownTag() {
        #expect(errors(["-d", "type=RelayTests.TagNetwork,factory=RelayTests.TagNetwork.Stub,tag=Prodution"])
            == "argv[1]: error: unknown tag 'Prodution' for type key 'RelayTests.TagNetwork' (did you mean 'Production'?); nothing registers the type with it, so the binding would never be resolved — register the type with this tag in code (register(_:tag:…)), declare it with DynamicDependencyIndex.add(tag:for:), or fix the instruction; tags known for RelayTests.TagNetwork: 'Production', 'Staging'")
        #expect(errors(["-d", "type=RelayTests.ParamClock,factory=RelayTests.ParamClock.Live,tag=Production"])
            == "argv[1]: error: unknown tag 'Production' for type key 'RelayTests.ParamClock'; nothing registers the type with it, so the binding would never be resolved — register the type with this tag in code (register(_:tag:…)), declare it with DynamicDependencyIndex.add(tag:for:), or fix the instruction; RelayTests.ParamClock has no tagged registration and no declared tag")
    }

    @Test("a declared tag is accepted; the untagged binding says which tags keep theirs")
    func keptTags() throws {
        let report = try registry([
            "-d", "type=RelayTests.TagNetwork,factory=RelayTests.TagNetwork.Stub",
            "-d", "type=RelayTests.TagNetwork,factory=RelayTests.TagNetwork.Stub,tag=Production",
        ]).plan()
        #expect(report.bindings.map(\.tag) == [nil, "Production"])
        #expect(report.bindings[0].keptTags == ["Staging"])
        #expect(report.bindings[1].keptTags.isEmpty)
        #expect(report.bindings[0].description == "RelayTests.TagNetwork [global] → RelayTests.TagNetwork.Stub (from argv[1]; untagged only: resolves tagged 'Staging' keep their own registrations)")
        #expect(report.bindings[1].description == "RelayTests.TagNetwork [global, tag=Production] → RelayTests.TagNetwork.Stub (from argv[3])")
        #expect(makeTagAndParameterIndex().tags(for: (any TagNetwork).self) == ["Production", "Staging"])
    }

    @Test("a tagged and an untagged instruction are two bindings; the same tag twice is a duplicate; a higher source wins per tag")
    func slots() throws {
        let report = try DynamicDependencyRegistry(index: makeTagAndParameterIndex(), sources: [
            CommandLineInstructionSource(arguments: ["-d", "type=RelayTests.TagNetwork,factory=RelayTests.TagNetwork.Stub,tag=Staging"]),
            EnvironmentInstructionSource(environment: ["RELAY_DEPENDENCIES": "type=RelayTests.TagNetwork,factory=RelayTests.TagNetwork.Stub,tag=Staging;type=RelayTests.TagNetwork,factory=RelayTests.TagNetwork.Stub"]),
        ], policy: .enabled).plan()
        #expect(report.bindings.map(\.tag) == [nil, "Staging"])
        #expect(report.bindings[1].overridden.map(\.origin.description) == ["$RELAY_DEPENDENCIES:1:1"])
        #expect(errors([
            "-d", "type=RelayTests.TagNetwork,factory=RelayTests.TagNetwork.Stub,tag=Staging",
            "-d", "type=RelayTests.TagNetwork,factory=RelayTests.TagNetwork.Stub,tag=Staging",
        ]) == """
            argv[3]: error: duplicate instruction for RelayTests.TagNetwork with tag=Staging in scope global; each type and tag may be bound once per scope in one source — remove one of them
            argv[1]: note: previous instruction for RelayTests.TagNetwork is here
            """)
    }

    @Test("the report's JSON carries tag, parameter and kept tags, and leaves them out when absent")
    func reportJSON() throws {
        let report = try registry([
            "-d", "type=RelayTests.TagNetwork,factory=RelayTests.TagNetwork.Stub",
            "-d", "type=RelayTests.ParamClock,factory=RelayTests.ParamClock.At,parameter=7",
        ]).plan()
        let data = try JSONEncoder().encode(report)
        #expect(try JSONDecoder().decode(DynamicInjectionReport.self, from: data) == report)
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains(#""parameter":"7""#))
        #expect(json.contains(#""keptTags":["Production","Staging"]"#))
        #expect(!json.contains(#""tag":"#))
    }
}

@Suite("Index manifest: version 2")
struct IndexManifestVersion2Tests {
    @Test("tags and parameters are exported, written as version 2, and read back")
    func roundTrip() throws {
        let manifest = makeTagAndParameterIndex().manifest()
        #expect(manifest.version == 2)
        #expect(manifest.tags == ["RelayTests.TagNetwork": ["Production", "Staging"]])
        #expect(manifest.parameters == [.paramClockAt: "a whole number of seconds, e.g. 7"])
        let json = String(decoding: try manifest.jsonData(), as: UTF8.self)
        #expect(json.contains(#""version" : 2"#))
        #expect(json.contains(#""RelayTests.ParamClock.At" : "a whole number of seconds, e.g. 7""#))
        #expect(try JSONDecoder().decode(DynamicDependencyIndex.Manifest.self, from: manifest.jsonData()) == manifest)
        #expect(manifest.description.contains("RelayTests.ParamClock: RelayTests.ParamClock.At (parameter: a whole number of seconds, e.g. 7), RelayTests.ParamClock.Live"))
        #expect(manifest.description.contains("RelayTests.TagNetwork: RelayTests.TagNetwork.Stub; tags: Production, Staging"))
    }

    @Test("a version 1 manifest is still read, with no tags and no parameters")
    func version1() throws {
        let data = Data(#"{"version": 1, "types": {"A": "A"}, "factories": {"A.Stub": "A"}}"#.utf8)
        let manifest = try JSONDecoder().decode(DynamicDependencyIndex.Manifest.self, from: data)
        #expect(manifest.tags.isEmpty && manifest.parameters.isEmpty && manifest.version == 1)
    }

    @Test("checking against the manifest gives the app's messages for tags and parameters")
    func sameMessages() throws {
        let manifest = makeTagAndParameterIndex().manifest()
        let arguments = [
            "-d", "type=RelayTests.TagNetwork,factory=RelayTests.TagNetwork.Stub,tag=Prodution",
            "-d", "type=RelayTests.ParamClock,factory=RelayTests.ParamClock.At",
            "-d", "type=RelayTests.ParamClock,factory=RelayTests.ParamClock.Live,scope=global,tag=X",
        ]
        func messages(_ check: () throws -> Void) -> String {
            do {
                try check()
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        let registry = DynamicDependencyRegistry(index: makeTagAndParameterIndex(), sources: [CommandLineInstructionSource(arguments: arguments)], policy: .enabled)
        let live = messages { _ = try registry.plan() }
        let offline = messages { _ = try registry.plan(against: manifest) }
        #expect(live == offline)
        #expect(live.contains("unknown tag 'Prodution'"))
        #expect(live.contains("needs a parameter"))
        #expect(live.contains("unknown tag 'X'"))
    }

    @Test("the manifest's untagged binding names the tags that keep theirs")
    func keptTagsOffline() throws {
        let registry = DynamicDependencyRegistry(index: DynamicDependencyIndex(), sources: [
            CommandLineInstructionSource(arguments: ["-d", "type=RelayTests.TagNetwork,factory=RelayTests.TagNetwork.Stub"]),
        ], policy: .enabled)
        #expect(try registry.plan(against: makeTagAndParameterIndex().manifest()).bindings[0].keptTags == ["Production", "Staging"])
    }
}
