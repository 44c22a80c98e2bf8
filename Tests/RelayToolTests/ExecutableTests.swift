import Foundation
import Testing

/// Runs the built `relay` executable, to prove that `main.swift` wires arguments, the
/// working directory, standard error and the exit status to the core.
@Suite("relay executable")
struct ExecutableTests {
    /// The `relay` executable next to the test bundle: on Linux the runner's
    /// `Bundle.main` is the build products directory; on macOS it is the `.xctest`
    /// bundle's directory.
    private static var executable: URL {
        #if os(macOS)
        let products = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL.deletingLastPathComponent()
            ?? Bundle.main.bundleURL
        #else
        let products = Bundle.main.bundleURL
        #endif
        return products.appendingPathComponent("relay")
    }

    @Test func brokenFileExitsWithOneAndAPositionedMessage() throws {
        let relay = Self.executable
        try #require(FileManager.default.isExecutableFile(atPath: relay.path), "relay not built at \(relay.path)")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("broken.relay", "# fixtures\ntype=MyApp.Backend,factroy=MyApp.Backend.Stub\n")

        let process = Process()
        process.executableURL = relay
        process.arguments = ["check", "broken.relay"]
        process.currentDirectoryURL = directory.url
        process.environment = [:]
        let output = URL(fileURLWithPath: try directory.write("stdout", ""))
        let errorOutput = URL(fileURLWithPath: try directory.write("stderr", ""))
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errorOutput)
        try process.run()
        process.waitUntilExit()

        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 1)
        #expect(try directory.text("stdout") == "")
        #expect(try directory.text("stderr") == "broken.relay:2:20: error: unknown key 'factroy'; did you mean 'factory'? (the valid keys are type, factory, scope and lifecycle)\n")
    }
}
