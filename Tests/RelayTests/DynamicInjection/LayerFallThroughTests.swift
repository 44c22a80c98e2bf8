import Foundation
@testable import Relay
@testable import RelayInstructions
import Testing

protocol FallThroughRepository: Sendable { var name: String { get } }
struct LiveFallThroughRepository: FallThroughRepository { var name: String { "live" } }
struct StubFallThroughRepository: FallThroughRepository { var name: String { "stub" } }
protocol FallThroughOther: Sendable {}
struct LiveFallThroughOther: FallThroughOther {}

/// A resolve that misses a test's layer — a server's request on a thread that does not
/// inherit it — gets the live dependency; a debug build says so once. In child processes:
/// the warning is once per process, and the layers alive are the process's.
@Suite("A resolve outside a live layer that stubs its type")
struct LayerFallThroughTests {
    @Test("a resolve on a thread outside the layer, of a type the live layer stubs, warns once naming the capture recipe; other types and resolves inside do not")
    func warnsOnceOutsideTheLayer() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            DependencyContainer.global.register(FallThroughRepository.self, lifecycle: .transient) { _ in LiveFallThroughRepository() }
            DependencyContainer.global.register(FallThroughOther.self, lifecycle: .transient) { _ in LiveFallThroughOther() }
            var overrides = DependencyOverrides()
            overrides.register(FallThroughRepository.self) { _ in StubFallThroughRepository() }
            try? withInjectedDependencies(overrides) {
                guard DependencyContainer.global.resolve(FallThroughRepository.self).name == "stub" else { exit(3) }
                // A thread does not inherit the layer: the "server's" request falls through, twice.
                for _ in 0..<2 {
                    let thread = Thread {
                        _ = DependencyContainer.global.resolve(FallThroughOther.self)
                        guard DependencyContainer.global.resolve(FallThroughRepository.self).name == "live" else { exit(4) }
                    }
                    thread.start()
                    while !thread.isFinished { usleep(1000) }
                }
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        let expected = BuildConfiguration.isDebug ? LayerFallThroughWarning.message(type: "RelayTests.FallThroughRepository") : ""
        #expect(stderr == expected)
        #expect(expected.isEmpty || expected.contains("InjectedDependencies.current") && expected.contains("time limit"))
    }

    @Test("a resolve with an argument falls through the same way, and is caught the same way")
    func warnsForAnArgumentResolve() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            DependencyContainer.global.register(FallThroughRepository.self, argument: String.self) { _, _ in LiveFallThroughRepository() }
            var overrides = DependencyOverrides()
            overrides.register(FallThroughRepository.self) { _ in StubFallThroughRepository() }
            try? withInjectedDependencies(overrides) {
                let thread = Thread {
                    guard DependencyContainer.global.resolve(FallThroughRepository.self, argument: "request").name == "live" else { exit(4) }
                }
                thread.start()
                while !thread.isFinished { usleep(1000) }
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr == (BuildConfiguration.isDebug ? LayerFallThroughWarning.message(type: "RelayTests.FallThroughRepository") : ""))
    }

    @Test("a thread that had resolved the type before the layer existed — its per-thread cache holds it — is caught at its next resolve")
    func warnsForATypeCachedBeforeTheLayer() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            DependencyContainer.global.register(FallThroughRepository.self) { _ in LiveFallThroughRepository() }
            // A server's event-loop thread: it serves a request before the test's layer
            // exists (the type lands in its cache), then another while the layer lives.
            let request = DispatchSemaphore(value: 0), served = DispatchSemaphore(value: 0)
            let thread = Thread {
                for _ in 0..<2 {
                    request.wait()
                    guard DependencyContainer.global.resolve(FallThroughRepository.self).name == "live" else { exit(4) }
                    served.signal()
                }
            }
            thread.start()
            request.signal()
            served.wait()
            var overrides = DependencyOverrides()
            overrides.register(FallThroughRepository.self) { _ in StubFallThroughRepository() }
            try? withInjectedDependencies(overrides) {
                request.signal()
                served.wait()
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr == (BuildConfiguration.isDebug ? LayerFallThroughWarning.message(type: "RelayTests.FallThroughRepository") : ""))
    }

    @Test("once the layer is gone, resolving the type outside is not a fall-through")
    func silentWithoutALiveLayer() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            DependencyContainer.global.register(FallThroughRepository.self, lifecycle: .transient) { _ in LiveFallThroughRepository() }
            var overrides = DependencyOverrides()
            overrides.register(FallThroughRepository.self) { _ in StubFallThroughRepository() }
            try? withInjectedDependencies(overrides) {
                _ = DependencyContainer.global.resolve(FallThroughRepository.self)
            }
            let thread = Thread { _ = DependencyContainer.global.resolve(FallThroughRepository.self) }
            thread.start()
            while !thread.isFinished { usleep(1000) }
            _ = DependencyContainer.global.resolve(FallThroughRepository.self)
        }
        #expect(result?.standardErrorContent.isEmpty == true)
    }
}
