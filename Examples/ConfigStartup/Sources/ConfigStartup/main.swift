import Configuration
import Relay

try DynamicDependencyRegistry.standard(index: .todos).inject()
let config = ConfigReader(providers: [
    CommandLineArgumentsProvider(arguments: [CommandLine.arguments[0]] + CommandLine.withoutDependencyArguments()),
    EnvironmentVariablesProvider(),
])
let app = try await buildApplication(reader: config)

print("port \(app.port), todos in \(app.repository.name)")
