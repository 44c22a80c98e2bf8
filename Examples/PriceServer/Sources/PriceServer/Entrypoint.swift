import Foundation
import Relay
import Vapor

@main
enum Entrypoint {
    static func main() async throws {
        // 1. Relay first: fill the index, apply -d, RELAY_DEPENDENCIES, ./.relay — or stop.
        do {
            try DynamicDependencyRegistry.standard(index: .prices).inject()
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            exit(1)
        }

        // 2. Vapor's command line without Relay's -d arguments. Environment.detect(arguments:)
        //    expects the program name first, which withoutDependencyArguments() leaves out.
        var env = try Environment.detect(arguments: [CommandLine.arguments[0]] + CommandLine.withoutDependencyArguments())
        try LoggingSystem.bootstrap(from: &env)
        let app = try await Application.make(env)
        do {
            try await configure(app, database: .file(Environment.get("DATABASE_PATH") ?? "prices.sqlite"))
            try await app.execute()   // `serve` unless told otherwise: until SIGTERM or SIGINT
        } catch {
            app.logger.report(error: error)
            try? await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }
}
