import RelayTestSupport
import Foundation
@testable import Relay
@testable import RelayInstructions
import Testing

// `RelayReportFile` is the UI-test helper docs/ios-ui-testing.md ("Asserting that the stubs
// took effect") gives readers to paste into an XCTest UI-test target. It is plain
// Foundation and Relay, so it is compiled here, unchanged, and run against the JSON the
// standard entry point really writes. Keep the two copies identical.

// ---- begin: the helper as docs/ios-ui-testing.md shows it ----

/// The report file of one launch: where the app writes its JSON `DynamicInjectionReport`
/// (`RELAY_REPORT_PATH`), and reading it back in the test.
struct RelayReportFile {
    /// The report not appearing in time: start-up did not run, it did not call
    /// `DynamicDependencyRegistry.standard(…).inject()`, or the variable did not reach the
    /// app. (An app whose policy is off writes a report too, with `policy.isEnabled` false.)
    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String {
            "no Relay report at \(path): the app's start-up did not run or did not call inject(), or RELAY_REPORT_PATH did not reach it"
        }
    }

    /// An absolute path (a relative one would be resolved against the app's working directory).
    let url: URL

    /// A new file name in `directory`, by default the test runner's temporary directory.
    init(directory: URL = FileManager.default.temporaryDirectory) {
        url = directory.appendingPathComponent("relay-report-\(UUID().uuidString).json")
    }

    /// What to merge into `launchEnvironment`.
    var environment: [String: String] { ["RELAY_REPORT_PATH": url.path] }

    /// Waits until the app has written the report (atomically, during start-up), then decodes it.
    func read(timeout: TimeInterval = 10) throws -> DynamicInjectionReport {
        let deadline = Date().addingTimeInterval(timeout)
        while !FileManager.default.fileExists(atPath: url.path) {
            guard Date() < deadline else { throw Missing(path: url.path) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return try JSONDecoder().decode(DynamicInjectionReport.self, from: Data(contentsOf: url))
    }

    /// The factory each type was bound to in `scope`.
    static func factories(in report: DynamicInjectionReport, scope: DependencyContainerScope = .global) -> [DependencyTypeKey: DependencyFactoryKey] {
        Dictionary(report.bindings.filter { $0.scope == scope }.map { ($0.type, $0.factory) }, uniquingKeysWith: { first, _ in first })
    }
}

// ---- end ----

@Suite("The UI-test report helper of docs/ios-ui-testing.md, against a real report file")
struct UITestReportFileTests {
    @Test("it reads back what the standard entry point wrote to RELAY_REPORT_PATH")
    func readsTheRealReport() throws {
        let directory = try TemporaryDirectory()
        let file = RelayReportFile(directory: directory.url)
        let scope = uniqueScope()
        DependencyContainer.container(for: scope).register(DynBackend.self) { _ in DynLiveBackend() }
        var registry = DynamicDependencyRegistry.standard(
            index: makeDynIndex(),
            policy: .enabled,
            arguments: ["-d", "type=RelayTests.DynBackend,factory=RelayTests.DynBackend.Stub,scope=\(scope.name)"],
            environment: file.environment,
            workingDirectory: "/"
        )
        registry.outputs?.writeError = { _ in }
        let injected = try registry.inject()

        let report = try file.read(timeout: 1)
        #expect(report == injected)
        #expect(report.isApplied)
        #expect(RelayReportFile.factories(in: report, scope: scope) == [.dynBackend: .dynBackendStub])
        #expect(RelayReportFile.factories(in: report).isEmpty)
    }

    @Test("a report that never appears is an error that says why it may be missing")
    func missing() throws {
        let directory = try TemporaryDirectory()
        let file = RelayReportFile(directory: directory.url)
        let error = #expect(throws: RelayReportFile.Missing.self) { try file.read(timeout: 0.1) }
        #expect(error?.description.hasPrefix("no Relay report at \(file.url.path): the app's start-up did not run") == true)
    }
}
