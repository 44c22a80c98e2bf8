import Foundation
import Relay
import RelayTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

// One test per "my stub is not used" cause the new-user review found (issue: nothing
// silently ignored), asserting what the user now sees.

private func registry(_ arguments: [String], index: DynamicDependencyIndex = makeDynIndex()) -> DynamicDependencyRegistry {
    DynamicDependencyRegistry(index: index, sources: [CommandLineInstructionSource(arguments: arguments)], policy: .enabled)
}

private func messages(_ registry: DynamicDependencyRegistry) -> [String] {
    do {
        _ = try registry.plan()
        return []
    } catch {
        return error.diagnostics.map(\.description)
    }
}

@Suite("Nothing silently ignored")
struct NothingIgnoredTests {
    @Test("1. injected bindings are a layer: registering a default after inject() changes what is under it, not the binding")
    func injectedLayer() throws {
        let scope = uniqueScope()
        let container = DependencyContainer.container(for: scope)
        let index = makeDynIndex()
        container.register(DynBackend.self) { _ in DynLiveBackend() }
        let report = try registry(["-d", "type=RelayTests.DynBackend,factory=RelayTests.DynBackend.Stub,scope=\(scope.name)"], index: index).inject()
        #expect(report.bindings.first?.replacedRegistration?.contains("NothingIgnoredTests.swift") == true)
        // The usual mistake: the app registers its defaults after injecting.
        container.register(DynBackend.self) { _ in DynLiveBackend() }
        #expect(container.resolve(DynBackend.self).name == "stub")
        #expect(container.isRegistered(DynBackend.self))
        #expect(container.registeredTypes.map(\.typeName) == ["RelayTests.DynBackend"])

        // Injecting again replaces the container's whole injected layer: a binding the new
        // instructions do not repeat is gone, and the code default shows through.
        try registry(["-d", "type=RelayTests.DynClock,factory=RelayTests.DynClock.Fixed,scope=\(scope.name)"], index: index).inject()
        #expect(container.resolve(DynBackend.self).name == "live")
        #expect(container.resolve(DynClock.self).now == 42)
        container.reset()
    }

    @Test("2. a scope nobody uses is an error with 'did you mean'; a declared scope is accepted")
    func unknownScopes() throws {
        let scope = uniqueScope()
        let typo = String(scope.name.dropLast())
        #expect(messages(registry(["-d", "type=RelayTests.DynBackend,factory=RelayTests.DynBackend.Stub,scope=\(typo)"])) == [
            "argv[1]: error: unknown scope '\(typo)' (did you mean '\(scope.name)'?); nothing is registered in it, so the binding would never be used — register the scope's dependencies before injecting, declare it with DynamicDependencyIndex.add(scope:), or fix the instruction",
        ])
        let index = makeDynIndex()
        index.add(scope: "declared-only")
        #expect(index.scopes == ["declared-only"])
        let report = try registry(["-d", "type=RelayTests.DynBackend,factory=RelayTests.DynBackend.Stub,scope=declared-only"], index: index).plan()
        #expect(report.bindings.map(\.scope) == ["declared-only"])
    }

    @Test("2. a scope or lifecycle named 'request' says that lifecycle=unitOfWork gives one instance per request")
    func perRequestNames() {
        let fix = "for one instance per request, use lifecycle=unitOfWork and run each request in DependencyContainer.withUnitOfWork { … }"
        #expect(messages(registry(["-d", "type=RelayTests.DynBackend,factory=RelayTests.DynBackend.Stub,scope=request"])) == [
            "argv[1]: error: unknown scope 'request'; nothing is registered in it, so the binding would never be used — register the scope's dependencies before injecting, declare it with DynamicDependencyIndex.add(scope:), or fix the instruction; a scope names a container, not a lifetime — \(fix)",
        ])
        for lifecycle in ["request", "perRequest", "per-request", "Scoped"] {
            let instruction = "type=RelayTests.DynBackend,factory=RelayTests.DynBackend.Stub,lifecycle=\(lifecycle)"
            #expect(messages(registry(["-d", instruction])) == [
                "argv[1]:\(instruction.count - lifecycle.count + 1): error: invalid lifecycle '\(lifecycle)'; lifecycle must be 'singleton', 'transient', 'graph', 'weakSingleton', 'eagerSingleton' or 'unitOfWork'; \(fix)",
            ])
        }
        // Any other name gets the plain message.
        #expect(messages(registry(["-d", "type=RelayTests.DynBackend,factory=RelayTests.DynBackend.Stub,lifecycle=forever"])).first?.hasSuffix("or 'unitOfWork'") == true)
    }

    @Test("4. an empty index says so, and how to fill it; a missing key names add(type:_:)")
    func indexFilledTooLate() {
        #expect(messages(registry(["-d", "type=App.Clock,factory=App.Clock.Fixed"], index: DynamicDependencyIndex())) == [
            "argv[1]: error: unknown type key 'App.Clock': the index is empty — nothing had been added to it when this instruction was checked; add the keys in its prepare closure (DynamicDependencyIndex { index in … }), or before instructions are checked",
        ])
        #expect(messages(registry(["-d", "type=RelayTests.DynClok,factory=RelayTests.DynClock.Fixed"])) == [
            "argv[1]: error: unknown type key 'RelayTests.DynClok' (did you mean 'RelayTests.DynClock'?); index it with add(type:_:) before injecting, or fix the instruction",
        ])
    }

    @Test("5. with the policy off the standard entry point examines nothing and applies nothing")
    func releaseBuildsReadNothing() throws {
        let directory = try TemporaryDirectory()
        // A file the pipeline would reject (writable by everyone) proves it is not even opened.
        try directory.write(".relay", "type=A,factory=B\n", permissions: 0o666)
        let registry = DynamicDependencyRegistry.standard(
            index: makeDynIndex(), policy: .disabled,
            arguments: ["-d", "type=RelayTests.DynBackend,factory=RelayTests.DynBackend.Stub"],
            environment: ["RELAY_DEPENDENCIES": "type=Nope,factory=Nope"],
            workingDirectory: directory.path
        )
        #expect(registry.sources.isEmpty)
        let report = try registry.inject()
        #expect(!report.isApplied)
        #expect(report.bindings.isEmpty)
        #expect(report.description == "Relay dynamic injection is off (disabled explicitly by the app); no source was read.")
    }

    @Test("7. an untyped factory whose product does not match the type its key names fails validate(); the report marks untyped bindings")
    func untypedFactories() throws {
        struct WrongFactories: DependencyFactoryIndexable {
            let index: [DependencyFactoryKey: (DependencyContainer) -> Any] = [
                "RelayTests.DynClock.Wrong": { _ in DynStubBackend() },
            ]
        }
        let index = makeDynIndex()
        index.add(WrongFactories())
        let error = #expect(throws: DependencyValidationError.self) { try index.validate() }
        #expect(error?.failures.map(\.subject) == ["factory 'RelayTests.DynClock.Wrong'"])
        #expect(error?.failures.first?.error.reason == .typeMismatch(actualType: "RelayTests.DynStubBackend"))

        let report = try registry(["-d", "type=RelayTests.DynBackend,factory=RelayTests.DynBackend.UntypedStub"]).plan()
        #expect(report.bindings.map(\.isCheckedWhenResolved) == [true])
        #expect(report.bindings.first?.description == "RelayTests.DynBackend [global] → RelayTests.DynBackend.UntypedStub (from argv[1]; untyped factory: its type is checked when resolved)")
    }

    // validate() dry-runs every registration of every container in the process, so this
    // runs in a child process where no other test's registrations exist.
    @Test("8. validate(replacing:) runs stand-ins instead of live factories")
    func validateWithStandIns() async {
        await #expect(processExitsWith: .success) {
            final class Calls: Sendable { let count = Locked(0) }
            let calls = Calls()
            DependencyContainer.global.register(DynBackend.self) { _ in
                calls.count.withLock { $0 += 1 }   // stands for a factory that reaches the network
                return DynLiveBackend()
            }
            var standIns = DependencyOverrides()
            standIns.register(DynBackend.self) { _ in DynStubBackend() }
            do {
                try DependencyContainer.validate(replacing: standIns)
            } catch {
                exit(2)
            }
            exit(calls.count.withLock { $0 } == 0 ? 0 : 3)
        }
    }

    @Test("9. user text in messages and reports is escaped and cut: no terminal escapes, no bidi overrides, no 1 MiB lines")
    func hostileText() throws {
        // The instruction's own \u{…} escapes put the ESC and BEL into the key.
        let escape = #"type=\u{1B}]0;pwned\u{7}App.Clock,factory=RelayTests.DynClock.Fixed"#
        let bidi = "type=RelayTests.DynClock,factory=RelayTests.DynClock.\u{202E}dexiF"
        let huge = "type=" + String(repeating: "A", count: 1 << 19) + ",factory=RelayTests.DynClock.Fixed"
        let all = messages(registry(["-d", escape, "-d", bidi, "-d", huge])).joined(separator: "\n")
        #expect(!all.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" || $0 == "\u{202E}" })
        #expect(all.contains(#"'\u{1B}]0;pwned\u{7}App.Clock'"#))
        #expect(all.contains(#"\u{202E}dexiF"#))
        #expect(all.split(separator: "\n").allSatisfy { $0.count < 600 })
    }

    @Test("10. one byte order mark is fine; a second is an error at 1:1, from bytes and from text alike")
    func byteOrderMarks() throws {
        let context = InstructionReadContext()
        let one = Array("\u{FEFF}type=A,factory=B\n".utf8)
        #expect(try InstructionSourceParsing.parseRelayBytes(one, source: "f.relay", context: context).count == 1)
        let two = Array("\u{FEFF}\u{FEFF}type=A,factory=B\n".utf8)
        let expected = "f.relay:1:1: error: a second byte order mark (U+FEFF) at the start of the text; save it with one at most"
        let fromBytes = #expect(throws: DynamicInjectionError.self) { try InstructionSourceParsing.parseRelayBytes(two, source: "f.relay", context: context) }
        #expect(fromBytes?.description == expected)
        let fromText = #expect(throws: DynamicInjectionError.self) { try InstructionSourceParsing.parseRelayText("\u{FEFF}\u{FEFF}type=A,factory=B\n", source: "f.relay", context: context) }
        #expect(fromText?.description == expected)
    }

    @Test("13. a swap of two letters finds the key; candidate factories in natural order")
    func transposedLetters() {
        let index = DynamicDependencyIndex()
        index.add(type: "Accept.Greeter", DynBackend.self)
        for n in [7, 10, 17, 2, 27, 37] {
            index.add(factory: DependencyFactoryKey("Accept.Greeter.Stub\(n)"), producing: DynBackend.self) { _ in DynStubBackend() }
        }
        #expect(messages(registry(["-d", "type=Accept.Greeter,factory=Accept.Greeter.Stbu7"], index: index)) == [
            "argv[1]: error: unknown factory key 'Accept.Greeter.Stbu7' (did you mean 'Accept.Greeter.Stub7'?); index it with add(factory:producing:_:) before injecting, or fix the instruction; factories indexed for Accept.Greeter: 'Accept.Greeter.Stub2', 'Accept.Greeter.Stub7', 'Accept.Greeter.Stub10', 'Accept.Greeter.Stub17', 'Accept.Greeter.Stub27', 'Accept.Greeter.Stub37'",
        ])
    }

    @Test("14. commas between instructions in a list suggest ';'; a ' #' in a .relay line is no comment; a blank for a ',' is pointed at")
    func wordingHints() {
        let environment = EnvironmentInstructionSource(environment: ["RELAY_DEPENDENCIES": "type=A,factory=B,type=C,factory=D"])
        let listError = #expect(throws: DynamicInjectionError.self) { try environment.readInstructions(context: InstructionReadContext()) }
        #expect(listError?.description == "$RELAY_DEPENDENCIES:1:18: error: duplicate key 'type' (first given at column 1); give each key once; to give several instructions in $RELAY_DEPENDENCIES, separate them with ';'")

        let fileError = #expect(throws: DynamicInjectionError.self) {
            try InstructionSourceParsing.parseRelayText("type=A,factory=B # the stub\n", source: "ui.relay", context: InstructionReadContext())
        }
        #expect(fileError?.description == "ui.relay:1:18: error: '#' after an instruction does not start a comment — .relay files have no end-of-line comments; put the comment on a line of its own, or write '\\#' for a literal '#'")

        #expect(messages(registry(["-d", "type=A factory=B"])) == [
            "argv[1]:8: error: 'factory=' inside the value of 'type'; separate pairs with ',' (type=…,factory=…)",
        ])
    }

    @Test("15. the report header says which sources gave instructions and which gave none, and why")
    func reportHeader() throws {
        let report = try DynamicDependencyRegistry(index: makeDynIndex(), sources: [
            CommandLineInstructionSource(arguments: ["-d", "type=RelayTests.DynBackend,factory=RelayTests.DynBackend.Stub"]),
            EnvironmentInstructionSource(environment: [:]),
            EnvironmentInstructionSource(environment: ["RELAY_EMPTY": ""], variable: "RELAY_EMPTY"),
        ], policy: .enabled).plan()
        #expect(report.description.split(separator: "\n").first == "Relay dynamic injection: 1 binding from command line; nothing from $RELAY_DEPENDENCIES (not set), $RELAY_EMPTY (empty) (dry run, nothing registered)")
        #expect(report.sources.map(\.instructionCount) == [1, 0, 0])
        #expect(report.sources.map(\.absence) == [nil, "not set", nil])
    }

    @Test("16. override diagnostics come out in the order given, with their columns")
    func overrideDiagnostics() {
        let parse = #expect(throws: DynamicInjectionError.self) {
            try DependencyOverrides(["type=A,factory=B", "type=A,factroy=B"], index: makeDynIndex())
        }
        #expect(parse?.description == "override #2:8: error: unknown key 'factroy'; did you mean 'factory'? (the valid keys are type, factory, scope, tag, lifecycle and parameter)")

        let check = #expect(throws: DynamicInjectionError.self) {
            try withInjectedDependencies(
                "type=RelayTests.DynBackend,factory=RelayTests.DynBackend.Stubb",
                "type=RelayTests.DynClok,factory=RelayTests.DynClock.Fixed",
                index: makeDynIndex()
            ) {}
        }
        #expect(check?.diagnostics.map(\.origin.description) == ["override #1", "override #2"])
    }
}

@Suite("File trust")
struct FileTrustTests {
    private func read(_ path: String) -> String {
        do {
            _ = try ConfigFileInstructionSource(path: path).readInstructions(context: InstructionReadContext())
            return ""
        } catch {
            return "\(error)"
        }
    }

    @Test("12. a file in a folder every user may write (not sticky) is refused, naming the folder and the fix")
    func worldWritableFolder() throws {
        let directory = try TemporaryDirectory()
        let folder = directory.file("shared")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = try directory.write("shared/ui.relay", "type=A,factory=B\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder)
        let resolved = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        #expect(read(path) == "\(path): error: the folder \(resolved) is writable by every user, so anyone could replace the file — run: chmod o-w \(resolved) (or chmod +t to make it sticky, like /tmp)")
        try FileManager.default.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: folder)
        #expect(read(path) == "")
    }

    @Test("12. a file owned by another user is refused", .enabled(if: geteuid() == 0, "needs root to give a file away"))
    func foreignOwner() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("ui.relay", "type=A,factory=B\n")
        #expect(POSIX.chown(path, 65534, 65534) == 0)
        #expect(read(path).hasPrefix("\(path): error: the file is owned by another user (uid 65534), who could change which implementations the app runs"))
    }

    @Test("12. a file in a folder owned by another user is refused", .enabled(if: geteuid() == 0, "needs root to give a folder away"))
    func foreignFolder() throws {
        let directory = try TemporaryDirectory()
        let folder = directory.file("theirs")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = try directory.write("theirs/ui.relay", "type=A,factory=B\n")
        #expect(POSIX.chown(folder, 65534, 65534) == 0)
        let resolved = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        #expect(read(path) == "\(path): error: the folder \(resolved) is owned by another user (uid 65534), who could replace the file — keep instruction files in folders you own")
    }
}
