#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
#if os(macOS) || os(Linux)
import Foundation
import Relay
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why ``RunningProgram/reinject(_:timeout:)-([String],_)`` could not change the program's bindings.
///
/// Waits that time out or see the program exit throw ``DriverLaunchError/waitTimedOut(command:waitingFor:timeout:standardOutput:standardError:)``
/// and ``DriverLaunchError/exitedEarly(command:waitingFor:run:)`` instead, as every wait of the handle does.
public enum ReinjectionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The launch did not set ``DriverLaunch/allowsReinjection``, so the program has no
    /// control file.
    case notAllowed
    /// The program's report shows no control channel: its policy is off (a release build
    /// that did not opt in), or it does not call `DynamicDependencyRegistry.standard(…).inject()`.
    case noControlChannel
    /// The program read the batch and rejected it; nothing changed, and the bindings of
    /// `generation` are still in force. `error` holds every problem, positioned in the
    /// control file (`…/control.relay:2:1: error: …`).
    case rejected(DynamicInjectionError, generation: Int)

    /// What went wrong and what to do about it.
    public var description: String {
        switch self {
        case .notAllowed:
            return "the program has no control file: set allowsReinjection = true on the DriverLaunch before start()"
        case .noControlChannel:
            return "the program's injection report shows no control channel: its dynamic-injection policy is off (a release build that did not opt in with policy: .enabled), or it does not call DynamicDependencyRegistry.standard(…).inject()"
        case let .rejected(error, generation):
            return "the program rejected the batch and kept the bindings of generation \(generation):\n\(error)"
        }
    }
}

extension RunningProgram {
    /// Changes the program's injected bindings while it runs: writes `builder`'s
    /// instructions to its control file, and returns once the program reports them applied.
    ///
    /// ```swift
    /// var launch = DriverLaunch(.product("forecast-server"), dependencies: sunny, arguments: ["--port", "0"])
    /// launch.allowsReinjection = true
    /// let server = try launch.start()
    /// // … a request sees the sunny stub …
    /// try await server.reinject(LaunchArgumentBuilder(arguments: [
    ///     DependencyInstructionLaunchArgument(type: .weatherProvider, factory: .weatherFailing),
    /// ]))
    /// // … the next request sees the failing one, without a restart …
    /// ```
    ///
    /// Each call replaces the previous batch whole: the program's bindings become this
    /// batch over what it was launched with (a batch takes precedence over the launch's
    /// `-d`, `RELAY_DEPENDENCIES` and `.relay` file). An empty builder returns to the launch
    /// bindings. The next resolve in the program sees the new bindings; singletons built
    /// from the replaced bindings are built again on demand; an object that already holds a
    /// dependency keeps it (docs/configuration.md, "The control channel").
    ///
    /// The launch must set ``DriverLaunch/allowsReinjection``, and the program must have
    /// written its report (the wait for it is part of `timeout`). Call it from one task at
    /// a time.
    ///
    /// - Parameters:
    ///   - builder: The batch.
    ///   - timeout: Seconds to wait for the program's report of the batch; 10 by default.
    /// - Returns: The program's report with the batch applied: its
    ///   `generation` is one more than before.
    /// - Throws: ``ReinjectionError/rejected(_:generation:)`` when the program rejected the
    ///   batch (nothing changed); ``ReinjectionError/notAllowed`` or
    ///   ``ReinjectionError/noControlChannel`` when it cannot be re-injected;
    ///   ``DriverLaunchError/waitTimedOut(command:waitingFor:timeout:standardOutput:standardError:)``
    ///   or ``DriverLaunchError/exitedEarly(command:waitingFor:run:)`` as any wait does.
    @discardableResult
    public func reinject(_ builder: LaunchArgumentBuilder, timeout: TimeInterval = 10) async throws -> DynamicInjectionReport {
        try await reinject(text: builder.buildConfigFile(), timeout: timeout)
    }

    /// ``reinject(_:timeout:)-(LaunchArgumentBuilder,_)`` for instructions written as text,
    /// one per element, in the `.relay` format (a `# comment` or `[scope]` header is allowed).
    ///
    /// ```swift
    /// try await server.reinject(["type=ForecastServer.WeatherProvider,factory=ForecastServer.WeatherProvider.Failing"])
    /// ```
    ///
    /// - Parameters:
    ///   - instructions: The batch's lines.
    ///   - timeout: Seconds to wait for the program's report of the batch; 10 by default.
    /// - Returns: The program's report with the batch applied.
    /// - Throws: As ``reinject(_:timeout:)-(LaunchArgumentBuilder,_)``.
    @discardableResult
    public func reinject(_ instructions: [String], timeout: TimeInterval = 10) async throws -> DynamicInjectionReport {
        try await reinject(text: instructions.map { $0 + "\n" }.joined(), timeout: timeout)
    }

    /// Writes `text` as the control file and waits for the program's report of it.
    private func reinject(text: String, timeout: TimeInterval) async throws -> DynamicInjectionReport {
        guard let controlURL = monitor.controlURL else { throw ReinjectionError.notAllowed }
        let started = Date()
        let before: DynamicInjectionReport = try await waitForReport(timeout: timeout, waitingFor: "the program's injection report") { $0 }
        guard let control = before.control else { throw ReinjectionError.noControlChannel }
        try Self.replace(controlURL, with: text)
        let remaining = max(0, timeout - Date().timeIntervalSince(started))
        let after: DynamicInjectionReport = try await waitForReport(timeout: remaining, waitingFor: "the program's report of control batch \(control.batchesRead + 1)") { report in
            (report.control?.batchesRead ?? 0) > control.batchesRead ? report : nil
        }
        if let rejection = after.control?.rejection {
            throw ReinjectionError.rejected(rejection.error, generation: after.generation)
        }
        return after
    }

    /// Waits until the report file decodes into a report that `accept` returns.
    private func waitForReport(timeout: TimeInterval, waitingFor: String, accept: @escaping @Sendable (DynamicInjectionReport) -> DynamicInjectionReport?) async throws -> DynamicInjectionReport {
        let url = monitor.reportURL
        let outcome = await monitor.wait(for: .probe({
            guard let data = try? Data(contentsOf: url), let report = try? JSONDecoder().decode(DynamicInjectionReport.self, from: data) else { return nil }
            return accept(report)
        }), timeout: timeout)
        return try await conclude(outcome, waitingFor: waitingFor, timeout: timeout)
    }

    /// Replaces `url` atomically with `text`: a file written beside it with its final
    /// permissions (`rw-r--r--`, as Relay's trust rules want) and its modification time set
    /// one second back, then renamed over it — so the program sees one change, never half a
    /// batch, and reads it at its next look: a file whose status changed after its last
    /// write is finished (docs/configuration.md, "How a new version is noticed").
    static func replace(_ url: URL, with text: String) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)")
        try Data(text.utf8).write(to: temporary)
        do {
            try FileManager.default.setAttributes([.posixPermissions: 0o644, .modificationDate: Date(timeIntervalSinceNow: -1)], ofItemAtPath: temporary.path)
            try AtomicRename.rename(temporary, over: url)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
#endif
#endif
