import Relay
import RelayTesting

/// Launches of the built `relay-demo`, on top of RelayTesting's `DriverLaunch`: a clean
/// `RELAY_*`-free environment, an empty temporary working directory, standard output and
/// error captured in full, and a time-out.
extension DriverLaunch {
    /// `relay-demo` with the instructions of `dependencies` delivered through `channel`,
    /// then extra arguments of the app's own.
    static func demo(_ dependencies: LaunchArgumentBuilder = LaunchArgumentBuilder(), channel: InstructionChannel = .arguments, extraArguments: [String] = []) -> DriverLaunch {
        DriverLaunch(.product("relay-demo"), dependencies: dependencies, channel: channel, arguments: extraArguments)
    }

    /// `relay-demo` with exactly these arguments.
    static func demo(arguments: [String]) -> DriverLaunch {
        DriverLaunch(.product("relay-demo"), arguments: arguments)
    }

    /// Copies the package's `config/<name>` fixtures into the working directory's
    /// `config/`, so `-d @config/x.relay` and the messages about it read exactly as they
    /// do from the package root.
    ///
    /// - Throws: When a fixture cannot be read.
    mutating func addFixtures(_ names: String...) throws {
        for name in names {
            try addPackageFile("config/\(name)")
        }
    }
}
