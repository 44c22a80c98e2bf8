import RelayTestSupport
import Foundation
@testable import Relay
@testable import RelayInstructions
import Testing

@Suite("What the standard entry point writes when the environment asks")
struct StandardOutputsTests {
    /// `standard()` over a fresh index, binding a scope of this test, with stderr captured.
    private static func registry(_ environment: [String: String], in directory: TemporaryDirectory, policy: DynamicInjectionPolicy = .enabled, stderr: Locked<String>, instruction: String? = nil) -> DynamicDependencyRegistry {
        let scope = uniqueScope()
        DependencyContainer.container(for: scope).register(DynBackend.self) { _ in DynLiveBackend() }
        var registry = DynamicDependencyRegistry.standard(
            index: makeDynIndex(),
            policy: policy,
            arguments: ["-d", instruction ?? "type=RelayTests.DynBackend,factory=RelayTests.DynBackend.Stub,scope=\(scope.name)"],
            environment: environment,
            workingDirectory: directory.path
        )
        registry.outputs?.writeError = { text in stderr.withLock { $0 += text } }
        return registry
    }

    @Test("RELAY_REPORT_PATH receives the JSON report inject() returned; a relative path is under the working directory")
    func reportFile() throws {
        let directory = try TemporaryDirectory()
        let stderr = Locked("")
        let report = try Self.registry(["RELAY_REPORT_PATH": "report.json"], in: directory, stderr: stderr).inject()
        let data = try Data(contentsOf: directory.url.appendingPathComponent("report.json"))
        #expect(try JSONDecoder().decode(DynamicInjectionReport.self, from: data) == report)
        #expect(report.bindings.map(\.factory) == [.dynBackendStub])
        #expect(stderr.withLock { $0 }.isEmpty)
    }

    @Test("a report that cannot be written is a warning on standard error; the injection stands")
    func unwritableReport() throws {
        let directory = try TemporaryDirectory()
        let stderr = Locked("")
        let report = try Self.registry(["RELAY_REPORT_PATH": "missing/report.json"], in: directory, stderr: stderr).inject()
        #expect(report.isApplied)
        #expect(stderr.withLock { $0 }.hasPrefix("$RELAY_REPORT_PATH: warning: cannot write the injection report to missing/report.json: "))
    }

    @Test("a report or manifest path holding ESC, BEL or U+202E is named escaped in the warning, and so is the system's error text", arguments: ["RELAY_REPORT_PATH", "RELAY_MANIFEST_PATH"])
    func unwritableHostilePath(variable: String) throws {
        let directory = try TemporaryDirectory()
        let stderr = Locked("")
        let path = "missing\u{1B}]0;owned\u{7}\u{202E}/report.json"
        let report = try Self.registry([variable: path], in: directory, stderr: stderr).inject()
        #expect(report.isApplied)
        let warning = stderr.withLock { $0 }
        #expect(warning.hasPrefix("$\(variable): warning: cannot write the "))
        #expect(warning.contains(#"missing\u{1B}]0;owned\u{7}\u{202E}/report.json: "#))
        #expect(rawControlCharacters(in: warning).isEmpty, "\(warning.unicodeScalars.map { $0.escaped(asASCII: true) }.joined())")
    }

    @Test("RELAY_MANIFEST_PATH receives the index's manifest")
    func manifestFile() throws {
        let directory = try TemporaryDirectory()
        let stderr = Locked("")
        let url = directory.url.appendingPathComponent("index.json")
        try Self.registry(["RELAY_MANIFEST_PATH": url.path], in: directory, stderr: stderr).inject()
        let written = try DynamicDependencyIndex.Manifest(contentsOf: url)
        let expected = makeDynIndex().manifest()
        #expect(written.types == expected.types)
        #expect(written.factories == expected.factories)
        // Scopes are those in use when it was written; other tests add theirs meanwhile.
        #expect(Set(written.scopes).isSubset(of: Set(expected.scopes)))
        #expect(stderr.withLock { $0 }.isEmpty)
    }

    @Test("RELAY_MANIFEST_ONLY exits right after the manifest: 0 when written, 1 when it could not be, 2 without RELAY_MANIFEST_PATH; 0 or empty does not exit",
          arguments: [("1", "index.json", 0), ("yes", "missing/index.json", 1), ("1", nil, 2), ("0", "index.json", nil), ("", "index.json", nil)] as [(String, String?, Int32?)])
    func manifestOnly(value: String, path: String?, status: Int32?) throws {
        let directory = try TemporaryDirectory()
        let stderr = Locked("")
        var environment = ["RELAY_MANIFEST_ONLY": value]
        if let path { environment["RELAY_MANIFEST_PATH"] = path }
        var registry = Self.registry(environment, in: directory, stderr: stderr)
        let exits = Locked<[Int32]>([])
        registry.outputs?.exitProcess = { status in exits.withLock { $0.append(status) } }
        try registry.inject()
        #expect(exits.withLock { $0 } == (status.map { [$0] } ?? []))
        if status == 0 {
            #expect(FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("index.json").path))
            #expect(stderr.withLock { $0 }.isEmpty)
        }
        if status == 2 {
            #expect(stderr.withLock { $0 } == "$RELAY_MANIFEST_ONLY: error: no manifest to write and exit after: set RELAY_MANIFEST_PATH to the file to write, "
                + "e.g. RELAY_MANIFEST_PATH=relay-manifest.json RELAY_MANIFEST_ONLY=1\n")
        }
    }

    @Test("RELAY_EXPLAIN prints the report to standard error unless it is empty or 0", arguments: [("1", true), ("yes", true), ("0", false), ("", false)])
    func explain(value: String, prints: Bool) throws {
        let directory = try TemporaryDirectory()
        let stderr = Locked("")
        let report = try Self.registry(["RELAY_EXPLAIN": value], in: directory, stderr: stderr).inject()
        #expect(stderr.withLock { $0 } == (prints ? report.description + "\n" : ""))
    }

    @Test("with the policy off, no instruction is read, and RELAY_REPORT_PATH gets the report saying so — for a driver; no manifest, nothing on stderr")
    func policyOff() throws {
        let directory = try TemporaryDirectory()
        let stderr = Locked("")
        let registry = Self.registry(["RELAY_REPORT_PATH": "report.json", "RELAY_MANIFEST_PATH": "index.json"], in: directory, policy: .disabled, stderr: stderr)
        let report = try registry.inject()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["report.json"])
        let written = try JSONDecoder().decode(DynamicInjectionReport.self, from: Data(contentsOf: directory.url.appendingPathComponent("report.json")))
        #expect(written == report)
        #expect(!written.policy.isEnabled && written.policy.reason == "disabled explicitly by the app")
        #expect(written.bindings.isEmpty && !written.isApplied)
        #expect(stderr.withLock { $0 }.isEmpty)
    }

    @Test("with the policy off and neither RELAY_EXPLAIN nor RELAY_REPORT_PATH, nothing is written or printed")
    func policyOffSilent() throws {
        let directory = try TemporaryDirectory()
        let registry = Self.registry(["RELAY_MANIFEST_PATH": "index.json", "RELAY_REPORT_PATH": ""], in: directory, policy: .disabled, stderr: Locked(""))
        #expect(registry.outputs == nil)
        try registry.inject()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("with the policy off, RELAY_EXPLAIN prints one line: off, why, how to opt in; no instruction, no manifest")
    func policyOffExplain() throws {
        let directory = try TemporaryDirectory()
        let stderr = Locked("")
        let release = DynamicInjectionPolicy(isEnabled: false, reason: "disabled by default in release builds; opt in with policy: .enabled")
        let registry = Self.registry(["RELAY_EXPLAIN": "1", "RELAY_REPORT_PATH": "report.json", "RELAY_MANIFEST_PATH": "index.json"], in: directory, policy: release, stderr: stderr)
        let report = try registry.inject()
        #expect(!report.isApplied)
        #expect(stderr.withLock { $0 } == "Relay dynamic injection is off in this build (disabled by default in release builds; opt in with policy: .enabled); no source was read. Opt in with DynamicDependencyRegistry.standard(policy: .enabled).\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["report.json"])
    }

    @Test("a release build without dynamic injection writes fixed text to RELAY_REPORT_PATH: it decodes as the report such a build's inject() returns, for either of its reasons")
    func compiledOutReport() throws {
        let reasons = [BuildConfiguration.withoutDynamicInjection, "policy .enabled cannot be followed: " + BuildConfiguration.withoutDynamicInjection]
        for reason in reasons {
            let policy = DynamicInjectionPolicy(isEnabled: false, reason: reason)
            let text = InjectionOutputs.offReportJSON(policy)
            let decoded = try JSONDecoder().decode(DynamicInjectionReport.self, from: Data(text.utf8))
            #expect(decoded == DynamicInjectionReport(policy: policy, sources: [], bindings: [], isApplied: false), "\(text)")
            #expect(text.hasSuffix("}\n") && text.filter { $0 == "\n" }.count == 1)
        }
    }

    @Test("with the policy off, RELAY_EXPLAIN=0 or empty prints nothing", arguments: ["0", ""])
    func policyOffQuiet(value: String) throws {
        let directory = try TemporaryDirectory()
        let registry = Self.registry(["RELAY_EXPLAIN": value], in: directory, policy: .disabled, stderr: Locked(""))
        #expect(registry.outputs == nil)
    }

    @Test("the off line stays one line whatever the policy's reason says")
    func policyOffReasonEscaped() throws {
        let line = InjectionOutputs.offLine(DynamicInjectionPolicy(isEnabled: false, reason: "off\nsee \u{1B}[31mhere"))
        #expect(line.filter { $0 == "\n" }.count == 1)
        #expect(line.hasSuffix(".\n"))
        #expect(!line.contains("\u{1B}"))
    }

    @Test("a failed injection writes and prints nothing")
    func failure() throws {
        let directory = try TemporaryDirectory()
        let stderr = Locked("")
        let registry = Self.registry(["RELAY_EXPLAIN": "1", "RELAY_REPORT_PATH": "report.json", "RELAY_MANIFEST_PATH": "index.json"], in: directory, stderr: stderr, instruction: "type=RelayTests.DynBakend,factory=RelayTests.DynBackend.Stub")
        #expect(throws: DynamicInjectionError.self) { try registry.inject() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        #expect(stderr.withLock { $0 }.isEmpty)
    }

    @Test("plan() and registries not made by standard() write and print nothing")
    func onlyInject() throws {
        let directory = try TemporaryDirectory()
        let stderr = Locked("")
        let environment = ["RELAY_EXPLAIN": "1", "RELAY_REPORT_PATH": "report.json"]
        _ = try Self.registry(environment, in: directory, stderr: stderr).plan()
        let plain = DynamicDependencyRegistry(index: makeDynIndex(), sources: [EnvironmentInstructionSource(environment: environment)], policy: .enabled)
        #expect(plain.outputs == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        #expect(stderr.withLock { $0 }.isEmpty)
    }
}
