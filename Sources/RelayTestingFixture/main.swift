import Foundation
import Relay
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

// RelayTestingFixture: a tiny program for RelayTesting's own tests of `RunningProgram`.
// Its arguments are steps, run in order (after removing Relay's `-d` words):
//
//   out TEXT          print TEXT and a newline on standard output (unbuffered)
//   err TEXT          the same on standard error
//   partial TEXT      print TEXT on standard output, without a newline
//   sleep SECONDS     pause
//   port-file PATH N  write N to PATH atomically, with a trailing newline
//   inject            DynamicDependencyRegistry.standard(index: .fixture).inject(), then
//                     print "greeting: <what the injected Greeting says>"
//   inject-policy-off the same, through a registry whose policy is off, as in a release
//                     build that did not opt in (no source is read, no report written)
//   ignore-term       ignore SIGTERM from now on
//   on-term TEXT      on SIGTERM, print TEXT and exit with status 0
//   exit STATUS       exit now
//   trap              crash now: fatalError("fixture trap")
//   env NAME          print "NAME=<value>" on standard output ("NAME unset" if it is not)
//   forever           run until a signal ends the program
//   watch-greeting    resolve the Greeting every 5 ms, forever, printing
//                     "greeting: <text>" each time it changes (for re-injection tests)
//
// Unknown steps exit with status 64 and a message on standard error.

protocol Greeting: Sendable { var text: String { get } }
struct LiveGreeting: Greeting { var text: String { "hello from the live greeting" } }
struct StubGreeting: Greeting { var text: String { "hello from the stub" } }
struct OtherGreeting: Greeting { var text: String { "hello from the other stub" } }

extension DynamicDependencyIndex {
    /// The fixture's injectable type and its stub.
    static let fixture = DynamicDependencyIndex { index in
        DependencyContainer.global.register(Greeting.self) { _ in LiveGreeting() }
        index.add(type: DependencyTypeKey("Fixture.Greeting"), Greeting.self)
        index.add(factory: DependencyFactoryKey("Fixture.Greeting.Stub"), producing: Greeting.self) { _ in StubGreeting() }
        index.add(factory: DependencyFactoryKey("Fixture.Greeting.Other"), producing: Greeting.self) { _ in OtherGreeting() }
    }
}

func write(_ text: String, to handle: FileHandle) {
    handle.write(Data(text.utf8))
}

func fail(_ message: String) -> Never {
    write("relay-testing-fixture: \(message)\n", to: .standardError)
    exit(64)
}

/// What the `on-term` handler prints.
///
/// `nonisolated(unsafe)` is safe: the main thread writes it exactly once, before it installs
/// the handler (a second `on-term` step is refused), and the handler only reads it; no
/// other thread touches it.
nonisolated(unsafe) var farewell: [UInt8] = []

/// Runs `arguments` as steps; returns only if they do not end the program.
func run(_ arguments: [String]) {
    var steps = arguments[...]
    func next(_ step: String) -> String {
        guard let word = steps.popFirst() else { fail("\(step) needs an argument") }
        return word
    }
    while let step = steps.popFirst() {
        switch step {
        case "out": write(next(step) + "\n", to: .standardOutput)
        case "err": write(next(step) + "\n", to: .standardError)
        case "partial": write(next(step), to: .standardOutput)
        case "sleep":
            guard let seconds = Double(next(step)) else { fail("sleep needs seconds") }
            Thread.sleep(forTimeInterval: seconds)
        case "port-file":
            let path = next(step)
            let port = next(step)
            do { try Data((port + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch { fail("\(error)") }
        case "inject", "inject-policy-off":
            do {
                try DynamicDependencyRegistry.standard(index: .fixture, policy: step == "inject" ? .default : .disabled).inject()
                let greeting = try DependencyContainer.global.tryResolve(Greeting.self)
                write("greeting: \(greeting.text)\n", to: .standardOutput)
            } catch {
                fail("\(error)")
            }
        case "ignore-term":
            signal(SIGTERM, SIG_IGN)
        case "on-term":
            // A plain handler, installed before the next step runs (a dispatch signal
            // source registers asynchronously, and would miss a SIGTERM sent meanwhile).
            guard farewell.isEmpty else { fail("on-term may be given once") }
            farewell = Array((next(step) + "\n").utf8)
            signal(SIGTERM) { _ in
                farewell.withUnsafeBufferPointer { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) }
                _exit(0)
            }
        case "trap":
            fatalError("fixture trap")
        case "env":
            let name = next(step)
            let value = ProcessInfo.processInfo.environment[name]
            write(value.map { "\(name)=\($0)\n" } ?? "\(name) unset\n", to: .standardOutput)
        case "exit":
            guard let status = Int32(next(step)) else { fail("exit needs a status") }
            exit(status)
        case "forever":
            while true { pause() }
        case "watch-greeting":
            var last = ""
            while true {
                let text = (try? DependencyContainer.global.tryResolve(Greeting.self).text) ?? "unresolvable"
                if text != last { write("greeting: \(text)\n", to: .standardOutput) }
                last = text
                usleep(5_000)
            }
        default:
            fail("unknown step '\(step)'")
        }
    }
}

// Explicit arguments: the steps run before the "inject" step, which reads the -d
// arguments, so the warning for -d removed before any inject() would not apply.
run(CommandLine.withoutDependencyArguments(Array(CommandLine.arguments.dropFirst())))
