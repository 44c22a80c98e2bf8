import Relay

// docs/server-cli-testing.md's unit-of-work block, compiled here verbatim
// (DocumentationCoverageTests finds it); never called, since it registers into the
// process's shared containers.

enum ServerPage {
    final class ConnectionPool: Sendable {}
    final class Transaction: Sendable {
        let pool: ConnectionPool
        init(pool: ConnectionPool) { self.pool = pool }
    }
    struct Job: Sendable {
        func run() async throws {}
    }

    static func runJobs(_ jobs: [Job]) async throws {
        DependencyContainer.global.register(Transaction.self, lifecycle: .unitOfWork) { c in
            Transaction(pool: try c.tryResolve())        // the pool: a singleton, built once
        }

        // A job runner: one Transaction per job, shared by everything the job resolves.
        for job in jobs {
            try await DependencyContainer.withUnitOfWork { try await job.run() }
        }
    }
}
