/// Where a live process's standard sources look for instructions, named once: the
/// instruction sources read these places, and the container layer's first-resolve
/// warning (`UninjectedInstructionsWarning`) only looks whether they hold anything.
@usableFromInline package enum StandardInstructionPlaces {
    /// The variable holding a list of instructions: `RELAY_DEPENDENCIES`.
    @usableFromInline package static let dependenciesVariable = "RELAY_DEPENDENCIES"
    /// The variable naming a `.relay` file: `RELAY_DEPENDENCIES_FILE`; set but empty, it
    /// switches the file source off.
    package static let dependenciesFileVariable = "RELAY_DEPENDENCIES_FILE"
    /// The file read from the working directory when `RELAY_DEPENDENCIES_FILE` is unset.
    package static let configFileName = ".relay"
}
