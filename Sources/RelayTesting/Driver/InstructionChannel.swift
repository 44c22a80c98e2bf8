#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
#if os(macOS) || os(Linux)
/// The way a ``DriverLaunch`` hands its dependency instructions to the launched program:
/// one of the four sources Relay reads.
///
/// Every channel delivers the same instructions from one `LaunchArgumentBuilder`, so a test
/// can be repeated over all of them:
///
/// ```swift
/// @Test(arguments: InstructionChannel.allCases)
/// func usesTheFixedClock(_ channel: InstructionChannel) async throws {
///     let builder = LaunchArgumentBuilder(arguments: [
///         DependencyInstructionLaunchArgument(type: "MyApp.Clock", factory: "MyApp.Clock.Fixed"),
///     ])
///     let run = try await DriverLaunch(.product("my-app"), dependencies: builder, channel: channel).run()
///     #expect(run.standardOutput.contains("2025-03-14"))
/// }
/// ```
///
/// Only ``arguments`` carries launch arguments that are not dependency instructions; the
/// other three carry the builder's instructions only, exactly as
/// `LaunchArgumentBuilder.buildEnvironment()` and `buildConfigFile()` do.
public enum InstructionChannel: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Command-line words, `-d <instruction>` each (`LaunchArgumentBuilder.build()`), placed
    /// before the program's own ``DriverLaunch/arguments``.
    case arguments
    /// The `RELAY_DEPENDENCIES` variable, instructions separated by `;`
    /// (`LaunchArgumentBuilder.buildEnvironment()`), added to ``DriverLaunch/environment``.
    case environment
    /// A `./.relay` file in the working directory (`LaunchArgumentBuilder.buildConfigFile()`),
    /// added to ``DriverLaunch/files``.
    case configFile
    /// The `.relay` text (`LaunchArgumentBuilder.buildConfigFile()`) on standard input, with
    /// `-d -` placed before the program's own ``DriverLaunch/arguments`` so that the
    /// program reads it.
    case standardInput

    /// The case name, e.g. `configFile`, so parameterized tests read well.
    public var description: String { rawValue }
}
#endif
#endif
