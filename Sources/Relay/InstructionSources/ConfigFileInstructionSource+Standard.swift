#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
import Foundation

extension ConfigFileInstructionSource {
    /// The name of the file a program reads from its working directory by default.
    public static let defaultFileName = StandardInstructionPlaces.configFileName

    /// The `.relay` file a program reads by default, or `nil` when there is none.
    ///
    /// - If `$RELAY_DEPENDENCIES_FILE` is set and not empty, that file, required: a
    ///   missing file is an error. A relative path is resolved against `workingDirectory`.
    /// - If it is set but empty, `nil`: files are switched off.
    /// - If it is unset, `./.relay` in `workingDirectory` if something exists there (the
    ///   source is then optional and named `.relay`), otherwise `nil`.
    ///
    /// Parent directories are never searched.
    ///
    /// - Parameters:
    ///   - environment: The variables to consult; defaults to the process environment.
    ///   - workingDirectory: The directory that holds `.relay` and that relative paths
    ///     are resolved against; defaults to the current directory.
    public static func standard(
        environment: [String: String] = ProcessEnvironment.all(),
        workingDirectory: String = ProcessEnvironment.currentDirectory()
    ) -> ConfigFileInstructionSource? {
        switch standardSelection(environment: environment, workingDirectory: workingDirectory) {
        case .file(let source, _): source
        case .none: nil
        }
    }

    /// Which file the standard set-up reads, and why — decided here only.
    package enum StandardSelection {
        /// This file; `chosenBy` names the variable that chose it (`$RELAY_DEPENDENCIES_FILE`),
        /// `nil` for `./.relay`.
        case file(ConfigFileInstructionSource, chosenBy: String?)
        /// No file, and why (`$RELAY_DEPENDENCIES_FILE is empty`, `./.relay does not exist`).
        case none(because: String)
    }

    /// The decision behind ``standard(environment:workingDirectory:)``.
    package static func standardSelection(environment: [String: String], workingDirectory: String) -> StandardSelection {
        let variable = EnvironmentInstructionSource.fileVariable
        if let path = environment[variable] {
            guard !path.isEmpty else { return .none(because: "$\(variable) is empty") }
            return .file(ConfigFileInstructionSource(path: path, isRequired: true, workingDirectory: workingDirectory), chosenBy: "$\(variable)")
        }
        let source = ConfigFileInstructionSource(path: defaultFileName, isRequired: false, workingDirectory: workingDirectory)
        guard ProcessEnvironment.fileExists(source.fileSystemPath) else {
            return .none(because: "./\(defaultFileName) does not exist")
        }
        return .file(source, chosenBy: nil)
    }
}
#endif
