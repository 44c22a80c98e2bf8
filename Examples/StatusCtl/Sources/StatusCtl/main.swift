// Sources/StatusCtl/main.swift
import Foundation
import Relay

/// Writes `text` and a line feed to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

// 1. Fill the index (the live service, and the stubs in debug builds), then apply the
//    instructions from the command line, RELAY_DEPENDENCIES and RELAY_DEPENDENCIES_FILE
//    or ./.relay — all or nothing.
do {
    try DynamicDependencyRegistry.standard(index: .statusCtl).inject()
} catch {
    printError("\(error)")   // every problem, with its position: argv[1]:22: error: …
    exit(1)
}

// 2. The program's own arguments: the command line without Relay's -d arguments.
var only: String?
var arguments = CommandLine.withoutDependencyArguments()[...]
while let argument = arguments.popFirst() {
    switch argument {
    case "--only": only = arguments.popFirst()
    default:
        printError("statusctl: unknown argument '\(argument)'")
        exit(64)
    }
}

// 3. The work.
do {
    let service = try DependencyContainer.global.tryResolve(StatusService.self)
    for component in try await service.components() where only == nil || component.name == only {
        print(component.name.padding(toLength: 10, withPad: " ", startingAt: 0) + component.state)
    }
} catch {
    printError("statusctl: cannot read the status: \(error)")
    exit(2)
}
