import ArgumentParser
import Foundation
import Relay

do {
    try DynamicDependencyRegistry.standard(index: .forecast).inject()
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}

/// The server's own flags; `-d` and `--dependency` belong to Relay.
struct ServerOptions: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "forecast-server", abstract: "Serves GET /forecast/:city.")
    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 8080
    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"
    @Option(help: "A file to write the port to, once listening.")
    var portFile: String?
}

let options = ServerOptions.parseOrExit(CommandLine.withoutDependencyArguments())
let app = try buildApplication(host: options.host, port: options.port) { [portFile = options.portFile] port in
    if let portFile {
        try? Data("\(port)\n".utf8).write(to: URL(fileURLWithPath: portFile), options: .atomic)
    }
    // Unbuffered: a test waiting for this line sees it at once.
    FileHandle.standardOutput.write(Data("forecast-server listening on port \(port)\n".utf8))
}
try await app.runService()   // until SIGTERM or SIGINT, then a graceful shutdown and exit 0
