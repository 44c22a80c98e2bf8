import Foundation
import Relay
import Testing

// A registration that outlives a unit of work and resolves a unitOfWork one while it is
// built: validate() reports it, and a debug build warns when a live resolve does it.
// validate() reaches every container, so each test runs in a child process.

// Internal, not private: the messages name them.
final class CaptiveRequestLog {}
final class CaptiveAuditor { let log: CaptiveRequestLog; init(log: CaptiveRequestLog) { self.log = log } }
final class CaptiveCache { let log: CaptiveRequestLog; init(log: CaptiveRequestLog) { self.log = log } }
private final class Clock {}
private final class Settings { let clock: Clock; init(clock: Clock) { self.clock = clock } }
private final class Connection {}

/// The one failure of `validate(arguments:)`, if there is exactly one and it is a captive
/// dependency; else the process exits with `code`.
private func captiveFailure(arguments: [Any] = [], else code: Int32) -> DependencyValidationError.Failure {
    do {
        try DependencyContainer.validate(arguments: arguments)
    } catch {
        if error.failures.count == 1, error.failures[0].error.reason == .captiveDependency { return error.failures[0] }
        FileHandle.standardError.write(Data("\(error)\n".utf8))
    }
    exit(code)
}

@Suite("Captive dependencies: a singleton built from a unitOfWork instance")
struct CaptiveDependencyTests {
    @Test("a singleton that resolves a unitOfWork registration directly is reported, with both registrations")
    func direct() async {
        await #expect(processExitsWith: .success) {
            let c = DependencyContainer.global
            c.register(CaptiveRequestLog.self, lifecycle: .unitOfWork) { _ in CaptiveRequestLog() }
            c.register(CaptiveCache.self) { c in CaptiveCache(log: try c.tryResolve()) }
            let failure = captiveFailure(else: 10)
            let description = failure.error.description
            guard failure.subject.hasPrefix("RelayTests.CaptiveCache in global"),
                  failure.error.requestedType == "RelayTests.CaptiveRequestLog",
                  failure.error.chain == ["RelayTests.CaptiveCache", "RelayTests.CaptiveRequestLog"],
                  description.contains("RelayTests.CaptiveCache (singleton, registered at RelayTests/CaptiveDependencyTests.swift:"),
                  description.contains(") → RelayTests.CaptiveRequestLog (unitOfWork, registered at RelayTests/CaptiveDependencyTests.swift:"),
                  description.contains("fix:") else { exit(11) }
        }
    }

    @Test("through a transient and a graph, and for a weakSingleton and an eagerSingleton too")
    func throughTransient() async {
        await #expect(processExitsWith: .success) {
            let c = DependencyContainer.global
            c.register(CaptiveRequestLog.self, lifecycle: .unitOfWork) { _ in CaptiveRequestLog() }
            c.register(CaptiveAuditor.self, lifecycle: .transient) { c in CaptiveAuditor(log: try c.tryResolve()) }
            c.register(CaptiveCache.self, lifecycle: .weakSingleton) { c in CaptiveCache(log: (try c.tryResolve(CaptiveAuditor.self)).log) }
            let failure = captiveFailure(else: 10)
            guard failure.error.chain == ["RelayTests.CaptiveCache", "RelayTests.CaptiveAuditor", "RelayTests.CaptiveRequestLog"],
                  failure.error.description.contains("RelayTests.CaptiveCache (weakSingleton, registered at"),
                  failure.error.description.contains("→ RelayTests.CaptiveAuditor (transient, registered at") else { exit(11) }

            c.reset()
            c.register(CaptiveRequestLog.self, lifecycle: .unitOfWork) { _ in CaptiveRequestLog() }
            c.register(CaptiveAuditor.self, lifecycle: .graph) { c in CaptiveAuditor(log: try c.tryResolve()) }
            c.register(CaptiveCache.self, lifecycle: .eagerSingleton) { c in CaptiveCache(log: (try c.tryResolve(CaptiveAuditor.self)).log) }
            let eager = captiveFailure(else: 12)
            guard eager.error.chain == ["RelayTests.CaptiveCache", "RelayTests.CaptiveAuditor", "RelayTests.CaptiveRequestLog"] else { exit(13) }
        }
    }

    @Test("the dry run of validate(arguments:) reports it for an argument registration's dependencies")
    func arguments() async {
        await #expect(processExitsWith: .success) {
            let c = DependencyContainer.global
            c.register(CaptiveRequestLog.self, lifecycle: .unitOfWork) { _ in CaptiveRequestLog() }
            c.register(CaptiveCache.self) { c in CaptiveCache(log: try c.tryResolve()) }
            c.register(CaptiveAuditor.self, argument: Int.self) { c, _ in CaptiveAuditor(log: (try c.tryResolve(CaptiveCache.self)).log) }
            do throws(DependencyValidationError) {
                try DependencyContainer.validate(arguments: [1])
                exit(10)
            } catch {
                let subjects = error.failures.filter { $0.error.reason == .captiveDependency }.map(\.subject)
                guard subjects.count == 2, subjects[0].hasPrefix("RelayTests.CaptiveAuditor with an argument of type Swift.Int"), subjects[1].hasPrefix("RelayTests.CaptiveCache") else { exit(11) }
            }
        }
    }

    @Test("a singleton built from a transient or a graph instance, or a unitOfWork from a unitOfWork, is fine")
    func noReport() async {
        await #expect(processExitsWith: .success) {
            let c = DependencyContainer.global
            c.register(Clock.self, lifecycle: .transient) { _ in Clock() }
            c.register(Settings.self) { c in Settings(clock: try c.tryResolve()) }
            c.register(Connection.self, lifecycle: .graph) { _ in Connection() }
            c.register(CaptiveRequestLog.self, lifecycle: .unitOfWork) { _ in CaptiveRequestLog() }
            c.register(CaptiveAuditor.self, lifecycle: .unitOfWork) { c in _ = try c.tryResolve(Connection.self); return CaptiveAuditor(log: try c.tryResolve()) }
            c.register(CaptiveCache.self, lifecycle: .transient) { c in CaptiveCache(log: (try c.tryResolve(CaptiveAuditor.self)).log) }
            do { try DependencyContainer.validate() } catch { FileHandle.standardError.write(Data("\(error)\n".utf8)); exit(10) }
        }
    }

    #if DEBUG
    @Test("a live resolve that builds such a singleton inside a unit of work warns once on standard error, and goes on")
    func debugWarning() async throws {
        let result = try #require(await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let c = DependencyContainer.global
            c.register(CaptiveRequestLog.self, lifecycle: .unitOfWork) { _ in CaptiveRequestLog() }
            c.register(CaptiveAuditor.self, lifecycle: .transient) { c in CaptiveAuditor(log: try c.tryResolve()) }
            for _ in 0..<2 {
                // Registered again: built again, from the same chain of registrations.
                c.register(CaptiveCache.self) { c in CaptiveCache(log: (try c.tryResolve(CaptiveAuditor.self)).log) }
                let first = DependencyContainer.withUnitOfWork {
                    _ = c.resolve(CaptiveRequestLog.self)   // cached for this unit: the check still runs
                    return c.resolve(CaptiveCache.self)
                }
                let second = DependencyContainer.withUnitOfWork { c.resolve(CaptiveCache.self) }
                guard first === second else { exit(10) }
            }
        })
        let text = String(decoding: result.standardErrorContent, as: UTF8.self)
        let warnings = text.split(separator: "\n").filter { $0.hasPrefix("Relay: warning: captive dependency: RelayTests.CaptiveCache (singleton, registered at") }
        #expect(warnings.count == 1, "\(text)")
        #expect(warnings.first?.contains("→ RelayTests.CaptiveAuditor (transient, registered at") == true)
        #expect(warnings.first?.contains("→ RelayTests.CaptiveRequestLog (unitOfWork, registered at") == true)
    }
    #endif
}
