import Foundation
import RelayTestSupport
@testable import Relay
@testable import RelayInstructions
@testable import RelayContainer
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A type only the indexes of these tests register.
protocol ForgottenStore: Sendable { var name: String { get } }
struct DefaultForgottenStore: ForgottenStore { let name = "default" }
/// A type nothing registers.
protocol NeverRegisteredStore {}

@Suite("Forgetting inject() is never silent")
struct ForgottenInjectTests {
    // MARK: A resolve while a self-filling index is unfilled

    @Test("a missing registration names the unfilled self-filling index and says to fill it")
    func missingRegistrationNamesTheUnfilledIndex() throws {
        let scope = uniqueScope()
        let index = DynamicDependencyIndex { _ in
            DependencyContainer.container(for: scope).register(ForgottenStore.self) { _ in DefaultForgottenStore() }
        }; let line = #line
        let origin = "RelayTests/ForgottenInjectTests.swift:\(line - 2)"

        let error = #expect(throws: DependencyResolutionError.self) {
            try DependencyContainer.container(for: scope).tryResolve(ForgottenStore.self)
        }
        let e = try #require(error)
        #expect(e.reason == .missingRegistration)
        let lines = e.description.components(separatedBy: "\n")
        // Other tests may hold unfilled indexes at the same moment, so the note may name more.
        let note = try #require(lines.first { $0.hasPrefix("  note: ") }, "\(e)")
        #expect(note.contains(origin), "\(e)")
        #expect(note.hasSuffix("not been filled yet, so the registrations in their prepare closures have not run")
            || note == "  note: the DynamicDependencyIndex made at \(origin) fills itself but has not been filled yet, so the registrations in its prepare closure have not run", "\(e)")
        let fix = try #require(lines.last)
        #expect(fix.hasPrefix("  fix: fill the"), "\(e)")
        #expect(fix.hasSuffix(
            " — at start-up, call try DynamicDependencyRegistry.standard(index:).inject() before resolving anything; in a test without an .injecting trait, call try prepare() on the index first; "
                + "otherwise register it before resolving, e.g. DependencyContainer.global (or the '\(scope.name)' scope's container).register(RelayTests.ForgottenStore.self) { _ in … }"
        ), "\(e)")

        // Filled explicitly: the registration is there, and the index is no longer named.
        try index.prepare()
        #expect(try DependencyContainer.container(for: scope).tryResolve(ForgottenStore.self).name == "default")
        let after = #expect(throws: DependencyResolutionError.self) {
            try DependencyContainer.container(for: scope).tryResolve(NeverRegisteredStore.self)
        }
        #expect(after?.description.contains(origin) == false, "\(String(describing: after))")
        withExtendedLifetime(index) {}
    }

    @Test("the note and fix for one and for several unfilled indexes")
    func hintText() {
        #expect(UnfilledIndexes.hint(forIndexesMadeAt: []) == nil)
        let one = UnfilledIndexes.hint(forIndexesMadeAt: ["MyApp/AppIndex.swift:7"])
        #expect(one?.note == "the DynamicDependencyIndex made at MyApp/AppIndex.swift:7 fills itself but has not been filled yet, so the registrations in its prepare closure have not run")
        #expect(one?.fix == "fill the index first — at start-up, call try DynamicDependencyRegistry.standard(index:).inject() before resolving anything; in a test without an .injecting trait, call try prepare() on the index first")
        let two = UnfilledIndexes.hint(forIndexesMadeAt: ["MyApp/B.swift:10", "MyApp/B.swift:9"])
        #expect(two?.note == "the DynamicDependencyIndexes made at MyApp/B.swift:9 and MyApp/B.swift:10 fill themselves but have not been filled yet, so the registrations in their prepare closures have not run")
        #expect(two?.fix.hasPrefix("fill the app's index first — at start-up") == true)
    }

    @Test("the whole description of a missing registration with the note")
    func wholeDescription() {
        let hint = UnfilledIndexes.hint(forIndexesMadeAt: ["MyApp/AppIndex.swift:7"])
        let error = DependencyResolutionError.missing(key: DependencyKey(NeverRegisteredStore.self), scope: .global, chain: [DependencyKey(NeverRegisteredStore.self)], nearMisses: [], hint: hint)
        #expect(error.description == """
            Relay cannot resolve RelayTests.NeverRegisteredStore: no registration in the global container (it has no fallback).
              note: the DynamicDependencyIndex made at MyApp/AppIndex.swift:7 fills itself but has not been filled yet, so the registrations in its prepare closure have not run
              fix: fill the index first — at start-up, call try DynamicDependencyRegistry.standard(index:).inject() before resolving anything; in a test without an .injecting trait, call try prepare() on the index first; otherwise register it before resolving, e.g. DependencyContainer.global.register(RelayTests.NeverRegisteredStore.self) { _ in … }
            """)
    }

    // MARK: prepare()

    @Test("prepare() fills the index once, however often and wherever it is called")
    func prepareIsIdempotent() throws {
        let runs = Locked(0)
        let index = DynamicDependencyIndex { index in
            runs.withLock { $0 += 1 }
            index.add(type: .dynBackend, DynBackend.self)
        }
        #expect(runs.withLock { $0 } == 0)
        try index.prepare()
        try index.prepare()
        #expect(index.typeKeys == [.dynBackend])
        #expect(runs.withLock { $0 } == 1)
        try DynamicDependencyIndex().prepare()   // no closure: nothing to do
    }

    @Test("prepare() throws what prepare threw, every time")
    func prepareThrows() {
        struct Broken: Error, CustomStringConvertible { var description: String { "no database" } }
        let index = DynamicDependencyIndex { _ in throw Broken() }
        for _ in 0..<2 {
            let error = #expect(throws: DynamicInjectionError.self) { try index.prepare() }
            #expect(error?.description == "code: error: preparing the DynamicDependencyIndex failed: no database; fix the index's prepare closure — no instruction can be checked against it until it succeeds")
        }
    }

    // MARK: withoutDependencyArguments() before inject()

    /// A warning with the given state.
    private static func warning(injected: Bool = false) -> UnreadDependencyArgumentsWarning {
        UnreadDependencyArgumentsWarning(hasInjected: { injected })
    }

    @Test("removing -d arguments before any inject() warns once, with the fix")
    func warnsOnceBeforeInject() {
        let sink = LibraryWarning.Sink()
        let warning = Self.warning()
        let arguments = ["--verbose", "-d", "type=App.Clock,factory=App.Clock.Fixed", "input.txt"]
        LibraryWarning.$sink.withValue(sink) {
            #expect(CommandLine.withoutDependencyArguments(arguments, warning: warning) == ["--verbose", "input.txt"])
            #expect(CommandLine.withoutDependencyArguments(["--dependency=type=A,factory=B"], warning: warning) == [])
        }
        #expect(sink.texts == [
            "Relay: warning: CommandLine.withoutDependencyArguments() removed '-d' 'type=App.Clock,factory=App.Clock.Fixed', but no DynamicDependencyRegistry has injected in this process, so these instructions were not applied and the live dependencies run; call try DynamicDependencyRegistry.standard(index:).inject() at start-up, before withoutDependencyArguments() (printed once, in debug builds only)\n",
        ])
    }

    @Test("the warning quotes what it shows and shows at most four arguments")
    func warningQuotes() {
        let message = UnreadDependencyArgumentsWarning.message(removed: ["-d", "type=App.\u{1B}]0;x\u{7}Clock", "-d", "@a.relay", "-d", "-"])
        #expect(message.hasPrefix(#"Relay: warning: CommandLine.withoutDependencyArguments() removed '-d' 'type=App.\u{1B}]0;x\u{7}Clock' '-d' '@a.relay' …, but"#))
        #expect(!message.dropLast().contains("\n"))
    }

    @Test("no warning after an inject(), in a release build, or without -d arguments")
    func silentOtherwise() {
        let debug = LibraryWarning.Sink(), release = LibraryWarning.Sink(debugBuild: false)
        let arguments = ["-d", "type=App.Clock,factory=App.Clock.Fixed"]
        LibraryWarning.$sink.withValue(debug) {
            _ = CommandLine.withoutDependencyArguments(arguments, warning: Self.warning(injected: true))
            _ = CommandLine.withoutDependencyArguments(["--verbose", "--", "-d", "x=y"], warning: Self.warning())
        }
        LibraryWarning.$sink.withValue(release) {
            _ = CommandLine.withoutDependencyArguments(arguments, warning: Self.warning())
        }
        #expect(debug.texts.isEmpty && release.texts.isEmpty)
    }

    @Test("the process's warning is on exactly when the default policy is, and inject() counts")
    func standardWarning() throws {
        #expect(LibraryWarning.isEnabled == DynamicInjectionPolicy.default.isEnabled)
        _ = try DynamicDependencyRegistry(sources: [], policy: .disabled).inject()
        #expect(UnreadDependencyArgumentsWarning.standard.hasInjected())
    }

    // MARK: Instructions in the environment or ./.relay, and no inject()

    /// A first-resolve warning over `variables` and whether `./.relay` exists.
    private static func uninjected(_ variables: [String: String], configFile: Bool = false, injected: Bool = false) -> UninjectedInstructionsWarning {
        UninjectedInstructionsWarning(hasInjected: { injected }, variable: { variables[$0] }, configFileExists: { configFile })
    }

    @Test("the places that hold instructions no inject() read, as the standard sources would read them")
    func waitingPlaces() {
        #expect(Self.uninjected([:]).waitingPlaces() == [])
        #expect(Self.uninjected(["RELAY_DEPENDENCIES": ""]).waitingPlaces() == [])
        #expect(Self.uninjected(["RELAY_DEPENDENCIES": "type=A,factory=B"]).waitingPlaces() == ["$RELAY_DEPENDENCIES"])
        #expect(Self.uninjected([:], configFile: true).waitingPlaces() == ["./.relay"])
        // RELAY_DEPENDENCIES_FILE names the file instead of ./.relay; set but empty, it switches files off.
        #expect(Self.uninjected(["RELAY_DEPENDENCIES_FILE": "ui.relay"], configFile: true).waitingPlaces() == ["$RELAY_DEPENDENCIES_FILE ('ui.relay')"])
        #expect(Self.uninjected(["RELAY_DEPENDENCIES_FILE": ""], configFile: true).waitingPlaces() == [])
        #expect(Self.uninjected(["RELAY_DEPENDENCIES": "x", "RELAY_DEPENDENCIES_FILE": "ui.relay"]).waitingPlaces()
            == ["$RELAY_DEPENDENCIES", "$RELAY_DEPENDENCIES_FILE ('ui.relay')"])
    }

    @Test("the first-resolve warning names the places and the fix; silent after inject(), in a release build, or with nothing waiting")
    func uninjectedWarningText() {
        let written = LibraryWarning.Sink()
        LibraryWarning.$sink.withValue(written) {
            Self.uninjected(["RELAY_DEPENDENCIES": "type=A,factory=B"], configFile: true).check()
        }
        #expect(written.texts == [
            "Relay: warning: instructions are waiting in $RELAY_DEPENDENCIES and ./.relay, but this process resolved a dependency before any DynamicDependencyRegistry injected, so they were not applied and the live dependencies run; call try DynamicDependencyRegistry.standard(index:).inject() at start-up, before resolving anything (printed once, in debug builds only)\n",
        ])
        let silent = LibraryWarning.Sink(), release = LibraryWarning.Sink(debugBuild: false)
        LibraryWarning.$sink.withValue(silent) {
            Self.uninjected(["RELAY_DEPENDENCIES": "type=A,factory=B"], injected: true).check()
            Self.uninjected([:]).check()
        }
        LibraryWarning.$sink.withValue(release) {
            Self.uninjected(["RELAY_DEPENDENCIES": "type=A,factory=B"]).check()
        }
        #expect(silent.texts.isEmpty && release.texts.isEmpty)
    }

    /// In a child process, so that its first resolve is the first of the process.
    @Test("a process with $RELAY_DEPENDENCIES that resolves without inject() warns once on standard error, at its first resolve")
    func uninjectedEnvironmentWarnsOnce() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            setenv("RELAY_DEPENDENCIES", "type=App.Clock,factory=App.Clock.Fixed", 1)
            let container = DependencyContainer.container(for: DependencyContainerScope("forgotten.first-resolve"))
            container.register(ForgottenStore.self) { _ in DefaultForgottenStore() }
            _ = container.resolve(ForgottenStore.self)
            // Another thread's first resolve, and a later one: no second warning.
            let thread = Thread { _ = container.resolve(ForgottenStore.self) }
            thread.start()
            while !thread.isFinished { usleep(1000) }
            _ = container.resolve(ForgottenStore.self)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        let expected = BuildConfiguration.isDebug
            ? "Relay: warning: instructions are waiting in $RELAY_DEPENDENCIES, but this process resolved a dependency before any DynamicDependencyRegistry injected, so they were not applied and the live dependencies run; call try DynamicDependencyRegistry.standard(index:).inject() at start-up, before resolving anything (printed once, in debug builds only)\n"
            : ""
        #expect(stderr == expected)
    }

    @Test("after inject(), the first resolve does not warn")
    func injectedProcessIsSilent() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            setenv("RELAY_DEPENDENCIES", "type=App.Clock,factory=App.Clock.Fixed", 1)
            _ = try? DynamicDependencyRegistry(sources: [], policy: .enabled).inject()
            let container = DependencyContainer.container(for: DependencyContainerScope("forgotten.injected"))
            container.register(ForgottenStore.self) { _ in DefaultForgottenStore() }
            _ = container.resolve(ForgottenStore.self)
        }
        #expect(result?.standardErrorContent.isEmpty == true)
    }

    /// In a child process: whether anything injected, or made an index that fills itself,
    /// is the process's.
    @Test("with no inject() and no index that fills itself, a missing registration says inject() may be missing")
    func missingRegistrationWithoutInject() async {
        await #expect(processExitsWith: .success) {
            do {
                _ = try DependencyContainer.global.tryResolve(NeverRegisteredStore.self)
                exit(2)
            } catch {
                let expected = """
                    Relay cannot resolve RelayTests.NeverRegisteredStore: no registration in the global container (it has no fallback).
                      note: no DynamicDependencyRegistry has injected in this process, and no DynamicDependencyIndex that fills itself has been made, so nothing the app registers at start-up through inject() has run
                      fix: if the app registers its dependencies at start-up, call try DynamicDependencyRegistry.standard(index:).inject() before resolving anything; otherwise register it before resolving, e.g. DependencyContainer.global.register(RelayTests.NeverRegisteredStore.self) { _ in … }
                    """
                guard "\(error)" == expected else { print(error); exit(3) }
            }
            // After an inject(), the note is gone.
            _ = try? DynamicDependencyRegistry(sources: [], policy: .enabled).inject()
            do {
                _ = try DependencyContainer.global.tryResolve(NeverRegisteredStore.self)
                exit(4)
            } catch {
                exit("\(error)".contains("note:") ? 5 : 0)
            }
        }
    }
}
