import Foundation
@testable import Relay
@testable import RelayInstructions
import Testing

// A factory indexed with a runtime argument, bound by an instruction to an argument
// registration: checks and exact messages, the registration made, overrides, the report
// and the manifest. Whether a type has argument registrations is asked of every container,
// so each test uses types of its own: tests run in parallel in one process.

protocol ArgBindGreeter: AnyObject, Sendable { var greeting: String { get } }
final class ArgBindLiveGreeter: ArgBindGreeter {
    let greeting: String
    init(_ greeting: String) { self.greeting = greeting }
}
final class ArgBindStubGreeter: ArgBindGreeter {
    let greeting: String
    init(_ greeting: String) { self.greeting = greeting }
}

/// Types of their own for each test (see above).
protocol ArgBindBound: AnyObject, Sendable {}
protocol ArgBindKept: AnyObject, Sendable {}
protocol ArgBindIntOnly: AnyObject, Sendable {}
protocol ArgBindNone: AnyObject, Sendable {}
protocol ArgBindOnlyArgument: AnyObject, Sendable {}
protocol ArgBindLifecycle: AnyObject, Sendable {}
protocol ArgBindOverride: AnyObject, Sendable {}
protocol ArgBindTagged: AnyObject, Sendable {}
protocol ArgBindManifest: AnyObject, Sendable {}
final class ArgBindValue: ArgBindBound, ArgBindKept, ArgBindIntOnly, ArgBindNone, ArgBindOnlyArgument, ArgBindLifecycle, ArgBindOverride, ArgBindTagged, ArgBindManifest {
    let text: String
    init(_ text: String) { self.text = text }
}

@Suite("Dynamic injection: argument factories")
struct ArgumentBindingTests {
    /// An index with, for each test type `T`, the type key `ArgBind.T`, an argument stub
    /// `ArgBind.T.Stub` taking a `String`, and an argument-free stub `ArgBind.T.Plain`.
    static func makeIndex() -> DynamicDependencyIndex {
        let index = DynamicDependencyIndex()
        func add<T>(_ name: String, _ type: T.Type, _ wrap: @escaping @Sendable (ArgBindValue) -> T) {
            index.add(type: DependencyTypeKey("ArgBind.\(name)"), T.self)
            index.add(factory: DependencyFactoryKey("ArgBind.\(name).Stub"), producing: T.self, argument: String.self) { _, text in wrap(ArgBindValue("stub \(text)")) }
            index.add(factory: DependencyFactoryKey("ArgBind.\(name).Plain"), producing: T.self) { _ in wrap(ArgBindValue("plain")) }
        }
        add("Bound", (any ArgBindBound).self) { $0 }
        add("Kept", (any ArgBindKept).self) { $0 }
        add("IntOnly", (any ArgBindIntOnly).self) { $0 }
        add("None", (any ArgBindNone).self) { $0 }
        add("OnlyArgument", (any ArgBindOnlyArgument).self) { $0 }
        add("Lifecycle", (any ArgBindLifecycle).self) { $0 }
        add("Override", (any ArgBindOverride).self) { $0 }
        add("Tagged", (any ArgBindTagged).self) { $0 }
        add("Manifest", (any ArgBindManifest).self) { $0 }
        return index
    }

    private func registry(_ instructions: [String], index: DynamicDependencyIndex = makeIndex()) -> DynamicDependencyRegistry {
        DynamicDependencyRegistry(index: index, sources: [CommandLineInstructionSource(arguments: instructions.flatMap { ["-d", $0] })], policy: .enabled)
    }

    private func errors(_ instructions: [String], index: DynamicDependencyIndex = makeIndex()) -> String {
        do {
            _ = try registry(instructions, index: index).plan()
            return "no error"
        } catch {
            return error.description
        }
    }

    private func text(_ value: Any) -> String { (value as? ArgBindValue)?.text ?? "not an ArgBindValue" }

    @Test("an argument stub binds the (type, argument type) registration in its scope's injected layer; always transient")
    func argumentStubIsBound() throws {
        let scope = uniqueScope()
        let container = DependencyContainer.container(for: scope)
        container.register((any ArgBindBound).self, argument: String.self) { _, text in ArgBindValue("live \(text)") }
        let report = try registry(["type=ArgBind.Bound,factory=ArgBind.Bound.Stub,scope=\(scope.name)"]).inject()
        let first = try container.tryResolve((any ArgBindBound).self, argument: "Ada")
        let second = try container.tryResolve((any ArgBindBound).self, argument: "Ada")
        #expect(text(first) == "stub Ada")
        #expect(first !== second, "transient")
        let binding = try #require(report.bindings.first)
        #expect(binding.argument == "Swift.String")
        #expect(binding.lifecycle == .transient)
        #expect(binding.replacedRegistration?.hasPrefix("RelayTests/ArgumentBindingTests.swift:") == true)
        #expect(binding.description.hasPrefix("ArgBind.Bound [\(scope.name), transient] → ArgBind.Bound.Stub (argument: Swift.String) (from argv[1]"))
        let json = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
        #expect(json.contains(#""argument":"Swift.String""#))
        #expect(try JSONDecoder().decode(DynamicInjectionReport.self, from: JSONEncoder().encode(report)) == report)
    }

    @Test("the type's argument-free registration and its registrations taking other types keep theirs")
    func otherRegistrationsKeepTheirs() throws {
        let scope = uniqueScope()
        let container = DependencyContainer.container(for: scope)
        container.register((any ArgBindKept).self) { _ in ArgBindValue("live plain") }
        container.register((any ArgBindKept).self, argument: String.self) { _, text in ArgBindValue("live \(text)") }
        container.register((any ArgBindKept).self, argument: Int.self) { _, number in ArgBindValue("live #\(number)") }
        try registry(["type=ArgBind.Kept,factory=ArgBind.Kept.Stub,scope=\(scope.name)"]).inject()
        #expect(text(try container.tryResolve((any ArgBindKept).self, argument: "x")) == "stub x")
        #expect(text(try container.tryResolve((any ArgBindKept).self, argument: 7)) == "live #7")
        #expect(text(try container.tryResolve((any ArgBindKept).self)) == "live plain")
        // The argument-free stub binds the argument-free registration of the same type.
        let other = uniqueScope("other")
        let otherContainer = DependencyContainer.container(for: other)
        try registry(["type=ArgBind.Kept,factory=ArgBind.Kept.Plain,scope=\(other.name)"]).inject()
        #expect(text(try otherContainer.tryResolve((any ArgBindKept).self)) == "plain")
        // Both are one binding slot, (scope, type, tag): one input may not bind both.
        let repeated = errors(["type=ArgBind.Kept,factory=ArgBind.Kept.Stub", "type=ArgBind.Kept,factory=ArgBind.Kept.Plain"])
        #expect(repeated.hasPrefix("argv[3]: error: "), "\(repeated)")
    }

    @Test("an argument stub for a type registered with another argument type is an error at check time")
    func argumentTypeMismatch() {
        DependencyContainer.container(for: uniqueScope()).register((any ArgBindIntOnly).self, argument: Int.self) { _, _ in ArgBindValue("live") }
        #expect(errors(["type=ArgBind.IntOnly,factory=ArgBind.IntOnly.Stub"]) == """
            argv[1]: error: factory 'ArgBind.IntOnly.Stub' takes a runtime argument of type Swift.String, but type key 'ArgBind.IntOnly' has no argument registration taking Swift.String, so the binding would never be resolved — \
            register it in code with register(_:argument: Swift.String.self), or index a stub taking the type's argument with add(factory:producing:argument:_:); ArgBind.IntOnly is registered with arguments of type Swift.Int
            """)
    }

    @Test("an argument stub for a type with no argument registration is an error at check time")
    func noArgumentRegistration() {
        DependencyContainer.container(for: uniqueScope()).register((any ArgBindNone).self) { _ in ArgBindValue("live") }
        #expect(errors(["type=ArgBind.None,factory=ArgBind.None.Stub"]) == """
            argv[1]: error: factory 'ArgBind.None.Stub' takes a runtime argument of type Swift.String, but type key 'ArgBind.None' has no argument registration taking Swift.String, so the binding would never be resolved — \
            register it in code with register(_:argument: Swift.String.self), or index a stub taking the type's argument with add(factory:producing:argument:_:); ArgBind.None is registered with no runtime argument in any container
            """)
    }

    @Test("an argument-free factory for a type registered only with an argument is an error at check time")
    func argumentFreeOntoArgumentOnly() throws {
        let scope = uniqueScope()
        let container = DependencyContainer.container(for: scope)
        container.register((any ArgBindOnlyArgument).self, argument: String.self) { _, text in ArgBindValue("live \(text)") }
        #expect(throws: DynamicInjectionError.self) {
            try registry(["type=ArgBind.OnlyArgument,factory=ArgBind.OnlyArgument.Plain,scope=\(scope.name)"]).inject()
        }
        #expect(text(try container.tryResolve((any ArgBindOnlyArgument).self, argument: "z")) == "live z", "nothing registered")
        #expect(errors(["type=ArgBind.OnlyArgument,factory=ArgBind.OnlyArgument.Plain"]) == """
            argv[1]: error: type key 'ArgBind.OnlyArgument' is registered only with a runtime argument (of type Swift.String), but factory 'ArgBind.OnlyArgument.Plain' takes none, so the binding would never be resolved — \
            index a stub taking the argument with add(factory:producing:argument:_:), or register the type without an argument too
            """)
    }

    @Test("a lifecycle other than transient on an argument binding is an error; transient and the default are accepted")
    func lifecycle() throws {
        DependencyContainer.container(for: uniqueScope()).register((any ArgBindLifecycle).self, argument: String.self) { _, _ in ArgBindValue("live") }
        #expect(errors(["type=ArgBind.Lifecycle,factory=ArgBind.Lifecycle.Stub,lifecycle=graph"])
            == "argv[1]: error: factory 'ArgBind.Lifecycle.Stub' takes a runtime argument, and argument registrations are always transient; remove lifecycle=graph (or write lifecycle=transient)")
        #expect(errors(["type=ArgBind.Lifecycle,factory=ArgBind.Lifecycle.Stub,lifecycle=eagerSingleton"])
            == "argv[1]: error: factory 'ArgBind.Lifecycle.Stub' takes a runtime argument, and argument registrations are always transient; remove lifecycle=eagerSingleton (or write lifecycle=transient)")
        #expect(errors(["type=ArgBind.Lifecycle,factory=ArgBind.Lifecycle.Stub,lifecycle=transient"]) == "no error")
        // `singleton` written out is an error; left out (every instruction's default) it is
        // accepted and registered as transient.
        #expect(errors(["type=ArgBind.Lifecycle,factory=ArgBind.Lifecycle.Stub,lifecycle=singleton"])
            == "argv[1]: error: factory 'ArgBind.Lifecycle.Stub' takes a runtime argument, and argument registrations are always transient; remove lifecycle=singleton (or write lifecycle=transient)")
        #expect(try registry(["type=ArgBind.Lifecycle,factory=ArgBind.Lifecycle.Stub"]).plan().bindings.map(\.lifecycle) == [.transient])
    }

    @Test("lifecycle=singleton written out on an argument binding is an error from every channel")
    func explicitSingletonEverywhere() throws {
        DependencyContainer.container(for: uniqueScope()).register((any ArgBindLifecycle).self, argument: String.self) { _, _ in ArgBindValue("live") }
        let instruction = "type=ArgBind.Lifecycle,factory=ArgBind.Lifecycle.Stub,lifecycle=singleton"
        let fromVariable = DynamicDependencyRegistry(index: Self.makeIndex(), sources: [EnvironmentInstructionSource(environment: ["RELAY_DEPENDENCIES": instruction])], policy: .enabled)
        #expect(throws: DynamicInjectionError.self) { try fromVariable.plan() }
        #expect(throws: DynamicInjectionError.self) {
            try withInjectedDependencies(DependencyOverrides([instruction], index: Self.makeIndex())) {}
        }
        // Written in code, the lifecycle cannot be told from the default: accepted.
        var overrides = DependencyOverrides(index: Self.makeIndex())
        overrides.add(DependencyInjectionInstruction(type: "ArgBind.Lifecycle", factory: "ArgBind.Lifecycle.Stub", lifecycle: .singleton))
        try withInjectedDependencies(overrides) {}
    }

    @Test("an argument factory takes no parameter=")
    func noParameter() {
        DependencyContainer.container(for: uniqueScope()).register((any ArgBindLifecycle).self, argument: String.self) { _, _ in ArgBindValue("live") }
        #expect(errors(["type=ArgBind.Lifecycle,factory=ArgBind.Lifecycle.Stub,parameter=x"])
            == "argv[1]: error: factory 'ArgBind.Lifecycle.Stub' takes no parameter, but the instruction gives parameter='x'; remove parameter=, or choose a factory indexed with add(factory:producing:parameter:_:)")
    }

    @Test("withInjectedDependencies binds the argument registration in its override layer only")
    func overrides() throws {
        let container = DependencyContainer.container(for: uniqueScope())
        container.register((any ArgBindOverride).self, argument: String.self) { _, text in ArgBindValue("live \(text)") }
        let inside = try withInjectedDependencies("type=ArgBind.Override,factory=ArgBind.Override.Stub", index: Self.makeIndex()) {
            try container.tryResolve((any ArgBindOverride).self, argument: "in")
        }
        #expect(text(inside) == "stub in")
        #expect(text(try container.tryResolve((any ArgBindOverride).self, argument: "out")) == "live out")
    }

    @Test("a tagged argument binding binds the tagged argument registration")
    func tagged() throws {
        let scope = uniqueScope()
        let container = DependencyContainer.container(for: scope)
        container.register((any ArgBindTagged).self, argument: String.self) { _, text in ArgBindValue("live \(text)") }
        container.register((any ArgBindTagged).self, tag: "Fast", argument: String.self) { _, text in ArgBindValue("fast \(text)") }
        try registry(["type=ArgBind.Tagged,factory=ArgBind.Tagged.Stub,scope=\(scope.name),tag=Fast"]).inject()
        #expect(text(try container.tryResolve((any ArgBindTagged).self, tag: "Fast", argument: "a")) == "stub a")
        #expect(text(try container.tryResolve((any ArgBindTagged).self, argument: "b")) == "live b")
    }

    @Test("validate() leaves an argument factory out; it is listed with the type it produces")
    func validateSkipsArgumentFactories() throws {
        let index = DynamicDependencyIndex()
        index.add(type: "ArgBind.Validated", ArgBindValue.self)
        index.add(factory: "ArgBind.Validated.Stub", producing: ArgBindValue.self, argument: Int.self) { _, _ in
            Issue.record("an argument factory ran without an argument")
            return ArgBindValue("never")
        }
        try index.validate()
        #expect(try index.producedType(of: "ArgBind.Validated.Stub") == ArgBindValue.self)
    }
}

@Suite("Index manifest: argument factories")
struct ArgumentManifestTests {
    @Test("argument types of factories and of registrations are exported as version 2 and read back")
    func roundTrip() throws {
        DependencyContainer.container(for: uniqueScope()).register((any ArgBindManifest).self, argument: String.self) { _, _ in ArgBindValue("live") }
        let manifest = ArgumentBindingTests.makeIndex().manifest()
        #expect(manifest.version == 2)
        #expect(manifest.arguments["ArgBind.Manifest.Stub"] == "Swift.String")
        #expect(manifest.arguments["ArgBind.Manifest.Plain"] == nil)
        #expect(manifest.registeredArguments["RelayTests.ArgBindManifest"] == ["Swift.String"])
        let json = String(decoding: try manifest.jsonData(), as: UTF8.self)
        #expect(json.contains(#""ArgBind.Manifest.Stub" : "Swift.String""#))
        #expect(json.contains(#""RelayTests.ArgBindManifest" : ["#))
        #expect(try JSONDecoder().decode(DynamicDependencyIndex.Manifest.self, from: manifest.jsonData()) == manifest)
        #expect(manifest.description.contains("ArgBind.Manifest: ArgBind.Manifest.Plain, ArgBind.Manifest.Stub (argument: Swift.String)"))
    }

    @Test("a manifest with only argument types is version 2; one without any is still version 1")
    func version() {
        #expect(DynamicDependencyIndex.Manifest(types: [:], factories: ["A.Stub": "A"], arguments: ["A.Stub": "Swift.Int"]).version == 2)
        #expect(DynamicDependencyIndex.Manifest(types: [:], factories: [:], registeredArguments: ["A": ["Swift.Int"]]).version == 2)
        #expect(DynamicDependencyIndex.Manifest(types: [:], factories: ["A.Stub": "A"]).version == 1)
    }

    @Test("checking against the manifest gives the app's messages for argument types and lifecycles, and the report shows the argument")
    func sameMessages() throws {
        DependencyContainer.container(for: uniqueScope()).register((any ArgBindIntOnly).self, argument: Int.self) { _, _ in ArgBindValue("live") }
        DependencyContainer.container(for: uniqueScope()).register((any ArgBindManifest).self, argument: String.self) { _, _ in ArgBindValue("live") }
        let arguments = [
            "-d", "type=ArgBind.IntOnly,factory=ArgBind.IntOnly.Stub",
            "-d", "type=ArgBind.Manifest,factory=ArgBind.Manifest.Stub,lifecycle=graph",
        ]
        let registry = DynamicDependencyRegistry(index: ArgumentBindingTests.makeIndex(), sources: [CommandLineInstructionSource(arguments: arguments)], policy: .enabled)
        func messages(_ check: () throws -> Void) -> String {
            do {
                try check()
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        let live = messages { _ = try registry.plan() }
        let offline = messages { _ = try registry.plan(against: ArgumentBindingTests.makeIndex().manifest()) }
        #expect(live == offline)
        #expect(live.contains("argv[1]: error: factory 'ArgBind.IntOnly.Stub' takes a runtime argument of type Swift.String, but type key 'ArgBind.IntOnly' has no argument registration taking Swift.String"))
        #expect(live.contains("argv[3]: error: factory 'ArgBind.Manifest.Stub' takes a runtime argument, and argument registrations are always transient; remove lifecycle=graph"))
        let good = DynamicDependencyRegistry(index: DynamicDependencyIndex(), sources: [
            CommandLineInstructionSource(arguments: ["-d", "type=ArgBind.Manifest,factory=ArgBind.Manifest.Stub"]),
        ], policy: .enabled)
        let binding = try #require(try good.plan(against: ArgumentBindingTests.makeIndex().manifest()).bindings.first)
        #expect(binding.argument == "Swift.String")
        #expect(binding.lifecycle == .transient)
    }
}
