import Foundation

// relay-demo: see RelayDemoCommand.
let status = RelayDemoCommand(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment
).run()
exit(status)
