/// Every registration or indexed factory that failed a dry run, at once.
///
/// Thrown by ``DependencyContainer/validate()`` and ``DynamicDependencyIndex/validate()``.
public struct DependencyValidationError: Error, CustomStringConvertible {
    /// One failed dry run.
    public struct Failure: CustomStringConvertible, Sendable {
        /// What was dry-run: `MyApp.Backend in global (registered at App/Registry.swift:12)`
        /// or `factory 'MyApp.Backend.Stub'`.
        public let subject: String
        /// Why it failed.
        public let error: DependencyResolutionError

        package init(subject: String, error: DependencyResolutionError) {
            self.subject = subject
            self.error = error
        }

        /// The subject, then its resolution error indented below it.
        public var description: String {
            "\(subject):\n" + error.description.split(separator: "\n", omittingEmptySubsequences: false).map { "  \($0)" }.joined(separator: "\n")
        }
    }

    /// The failures, in a stable order (containers by scope, then types by name).
    public let failures: [Failure]

    package init(failures: [Failure]) {
        self.failures = failures
    }

    /// A count line, then every failure.
    public var description: String {
        let count = failures.count == 1 ? "1 failure" : "\(failures.count) failures"
        return (["Relay validation found \(count):"] + failures.map(\.description)).joined(separator: "\n")
    }
}
