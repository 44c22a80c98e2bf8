import RelayTestSupport
import Foundation
@testable import Relay
@testable import RelayInstructions
import Testing

// `RelayControlFile` is the XCUITest helper docs/ios-ui-testing.md ("Changing stubs while
// the app runs") gives readers to paste into a UI-test target. It is plain Foundation and
// Relay, so it is compiled here, unchanged, and run against a real control channel of the
// standard entry point. Keep the two copies identical.

// ---- begin: the helper as docs/ios-ui-testing.md shows it ----

/// The control file of one launch (`RELAY_CONTROL`): the test changes the running app's
/// stubs by replacing it, and waits for the app's report (`RELAY_REPORT_PATH`) to show the
/// batch applied. Simulator only: the app must be able to read the test runner's files.
struct RelayControlFile {
    /// The app did not apply the batch: it rejected it (nothing changed), has no control
    /// channel, or did not answer in time.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The control file; absolute, in a folder only you can write (Relay's file rules).
    let url: URL
    /// The app's report file.
    let reportURL: URL

    /// New file names in `directory`, by default the test runner's temporary directory.
    init(directory: URL = FileManager.default.temporaryDirectory) {
        let name = UUID().uuidString
        url = directory.appendingPathComponent("relay-control-\(name).relay")
        reportURL = directory.appendingPathComponent("relay-report-\(name).json")
    }

    /// What to merge into `launchEnvironment`.
    var environment: [String: String] {
        ["RELAY_CONTROL": url.path, "RELAY_REPORT_PATH": reportURL.path]
    }

    /// Replaces the app's control batch with `instructions` (`.relay` lines) and waits until
    /// the app reports it applied; returns that report.
    @discardableResult
    func reinject(_ instructions: [String], timeout: TimeInterval = 10) throws -> DynamicInjectionReport {
        let deadline = Date().addingTimeInterval(timeout)
        let before = try report(until: deadline, waitingFor: "the app's start-up report") { _ in true }
        guard let control = before.control else {
            throw Failure(description: "the app's report shows no control channel: its policy is off, or RELAY_CONTROL did not reach it")
        }
        // Atomically, so the app never reads half a batch: written beside it with the
        // permissions Relay wants (rw-r--r--) and its modification time set back (which
        // marks it finished, so the app reads it at its next look), then renamed over it.
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".relay-control-\(UUID().uuidString)")
        try Data(instructions.map { $0 + "\n" }.joined().utf8).write(to: temporary)
        try FileManager.default.setAttributes([.posixPermissions: 0o644, .modificationDate: Date(timeIntervalSinceNow: -1)], ofItemAtPath: temporary.path)
        guard POSIX.rename(temporary.path, url.path) == 0 else {
            throw Failure(description: "cannot replace \(url.path): error \(errno)")
        }
        let after = try report(until: deadline, waitingFor: "the app's report of batch \(control.batchesRead + 1)") {
            ($0.control?.batchesRead ?? 0) > control.batchesRead
        }
        if let rejection = after.control?.rejection {
            throw Failure(description: "the app rejected the batch; the bindings of generation \(after.generation) stay in force:\n\(rejection.error)")
        }
        return after
    }

    /// The report, once it decodes and `accept` takes it.
    private func report(until deadline: Date, waitingFor what: String, where accept: (DynamicInjectionReport) -> Bool) throws -> DynamicInjectionReport {
        while true {
            if let data = try? Data(contentsOf: reportURL),
               let report = try? JSONDecoder().decode(DynamicInjectionReport.self, from: data), accept(report) {
                return report
            }
            guard Date() < deadline else { throw Failure(description: "no \(what) at \(reportURL.path) in time") }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }
}

// ---- end ----

@Suite("The XCUITest control-file helper of docs/ios-ui-testing.md, against a real control channel")
struct UITestControlFileTests {
    @Test("it changes the running program's binding, and throws with the problems of a bad batch")
    func reinjects() throws {
        let directory = try TemporaryDirectory()
        let file = RelayControlFile(directory: directory.url)
        let scope = uniqueScope()
        let container = DependencyContainer.container(for: scope)
        container.register(DynBackend.self) { _ in DynLiveBackend() }
        defer { ControlSession.stop(path: file.url.path) }
        // What the app does at start-up, with the environment the test passed it.
        try DynamicDependencyRegistry.standard(index: makeDynIndex(), policy: .enabled, arguments: [], environment: file.environment, workingDirectory: directory.path).inject()
        #expect(container.resolve(DynBackend.self).name == "live")

        let report = try file.reinject(["type=RelayTests.DynBackend,factory=RelayTests.DynBackend.Stub,scope=\(scope.name)"])
        #expect(report.generation == 1)
        #expect(container.resolve(DynBackend.self).name == "stub")

        #expect {
            try file.reinject(["type=RelayTests.DynBackend,factory=RelayTests.DynBackend.Stubb,scope=\(scope.name)"])
        } throws: { error in
            "\(error)".contains("the app rejected the batch; the bindings of generation 1 stay in force:\n\(file.url.path):1:1: error: unknown factory key 'RelayTests.DynBackend.Stubb'")
        }
        #expect(container.resolve(DynBackend.self).name == "stub")
        #expect(try file.reinject([]).generation == 2)
        #expect(container.resolve(DynBackend.self).name == "live")
    }
}
