import Configuration
import Relay

/// What the server would serve: its port, from the configuration, and its repository,
/// from the container.
struct Application {
    let port: Int
    let repository: any TodoRepository
}

/// Builds the application from its configuration, as a Hummingbird 2 server's
/// `buildApplication(reader:)` does.
func buildApplication(reader: ConfigReader) async throws -> Application {
    Application(
        port: reader.int(forKey: "port", default: 8080),
        repository: DependencyContainer.global.resolve(TodoRepository.self)
    )
}
