/// The one way the library writes to standard error on its own, and the one place that
/// decides whether and how:
///
/// - **Whether.** ``warn(_:once:)`` writes only in debug builds of Relay
///   (``isEnabled``): a warning is for the developer running the program, and a release
///   build prints nothing it was not asked for. Given a key, it writes once
///   per process for that key. ``writeAsked(_:)`` is for output a user asked for through
///   the environment (`RELAY_EXPLAIN`, the report and manifest files): any build.
/// - **How.** Each line of a warning is escaped (``UserText``), so nothing a user typed
///   reaches the terminal as a control sequence; the text goes out in one `write(2)` call
///   (``StandardError``), so that the lines of two threads never interleave.
/// - **Tests.** Inside `LibraryWarning.$sink.withValue(sink) { … }`, what the code running
///   there would write goes to `sink` instead, with once-keys of the sink's own.
///
/// The warnings: a captive dependency (``CaptiveDependencyWarning``), a resolve that misses
/// a live override layer (``LayerFallThroughWarning``), instructions no `inject()` read —
/// at the first resolve (``UninjectedInstructionsWarning``) and in
/// `CommandLine.withoutDependencyArguments()` — and RelayTesting's `RunningProgram`
/// released while its program runs.
package enum LibraryWarning {
    /// Where warnings go instead of standard error, for a test.
    package final class Sink: Sendable {
        /// Whether the sink sees what a debug build writes (`false`: a release build's nothing).
        let debugBuild: Bool
        /// The once-keys written to this sink.
        fileprivate let keys = LockedState<Set<String>>([])
        private let written = LockedState<[String]>([])

        package init(debugBuild: Bool = true) {
            self.debugBuild = debugBuild
        }

        /// The texts written so far, each as one call wrote it.
        package var texts: [String] { written.withLock { $0 } }

        fileprivate func append(_ text: String) {
            written.withLock { $0.append(text) }
        }
    }

    /// The test's sink; `nil`: standard error.
    @TaskLocal package static var sink: Sink?

    /// Whether ``warn(_:once:)`` writes anything here: in a debug build, unless under a sink
    /// that stands for a release build. For a warning whose conditions cost something to
    /// find out. A release build of Relay writes no warning whatever the sink, and carries
    /// none of their text: this is `false` there, a constant the compiler folds.
    package static var isEnabled: Bool {
        #if DEBUG
        sink?.debugBuild ?? true
        #else
        false
        #endif
    }

    /// The once-keys written to standard error.
    private static let keys = LockedState<Set<String>>([])

    /// Writes the warning `text` (whole lines, each ending with a line feed) in a debug
    /// build, and only the first time for `key` when one is given. `text` is made only
    /// when written.
    package static func warn(_ text: @autoclosure () -> String, once key: String? = nil) {
        guard isEnabled else { return }
        let sink = sink
        if let key {
            guard (sink?.keys ?? keys).withLock({ $0.insert(key).inserted }) else { return }
        }
        let escaped = text().split(separator: "\n", omittingEmptySubsequences: false)
            .map { UserText.escaped($0, limit: nil) }
            .joined(separator: "\n")
        deliver(escaped, to: sink)
    }

    /// Writes `text`, output a user asked for, as it is (its maker escapes what it quotes).
    package static func writeAsked(_ text: String) {
        deliver(text, to: sink)
    }

    private static func deliver(_ text: String, to sink: Sink?) {
        if let sink { sink.append(text) } else { StandardError.write(text) }
    }
}
