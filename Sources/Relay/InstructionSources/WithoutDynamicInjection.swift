#if !RELAY_DRIVABLE // a release build without the DynamicInjectionInRelease trait
// Layer: InstructionSources. The sources' names in a release build compiled without
// dynamic injection, so that code naming them gets an error that says what to do instead
// of "cannot find in scope". Nothing here reads anything.

/// Not in this build: see ``DynamicInjectionPolicy``.
@available(*, unavailable, message: "this release build has no dynamic injection: build in debug, or enable Relay's DynamicInjectionInRelease package trait")
public struct CommandLineInstructionSource {}

/// Not in this build: see ``DynamicInjectionPolicy``.
@available(*, unavailable, message: "this release build has no dynamic injection: build in debug, or enable Relay's DynamicInjectionInRelease package trait")
public struct EnvironmentInstructionSource {}

/// Not in this build: see ``DynamicInjectionPolicy``.
@available(*, unavailable, message: "this release build has no dynamic injection: build in debug, or enable Relay's DynamicInjectionInRelease package trait")
public struct ConfigFileInstructionSource {}

/// Not in this build: see ``DynamicInjectionPolicy``.
@available(*, unavailable, message: "this release build has no dynamic injection: build in debug, or enable Relay's DynamicInjectionInRelease package trait")
public struct StandardInputInstructionSource {}

/// Not in this build: see ``DynamicInjectionPolicy``.
@available(*, unavailable, message: "this release build has no dynamic injection: build in debug, or enable Relay's DynamicInjectionInRelease package trait")
public enum InstructionSourceParsing {}
#endif
