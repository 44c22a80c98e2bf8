import Foundation
@testable import Relay
@testable import RelayInstructions
@testable import RelayContainer
import Testing

private protocol NeverRegisteredProbe {}

/// The hint provider that an index which fills itself installs is read at every failed
/// resolve. A provider stored as a bare closure in a `LockedState` was re-wrapped at every
/// read (`withLock { $0 }` through a generic `inout`): the chain grew by two objects per
/// read, every call walked it, and after about 100,000 reads calling it overflowed the
/// stack. Each test runs in a child process: installing the provider is the process's.
@Suite("The missing-registration hint provider")
struct MissingRegistrationHintProviderTests {
    @Test("read a million times, the provider is still one call deep")
    func readManyTimes() async {
        await #expect(processExitsWith: .success) {
            let index = DynamicDependencyIndex { _ in }
            for _ in 0..<1_000_000 {
                _ = MissingRegistrationHint.provider.withLock { $0 }
            }
            guard let hint = MissingRegistrationHint.current() else { exit(2) }
            guard hint.note.contains("fills itself but has not been filled yet") else { exit(3) }
            withExtendedLifetime(index) {}
        }
    }

    @Test("failed resolves with an unfilled index that fills itself each carry the hint")
    func failedResolvesCarryTheHint() async {
        await #expect(processExitsWith: .success) {
            let index = DynamicDependencyIndex { _ in }
            for attempt in 0..<20_000 {
                do {
                    _ = try DependencyContainer.global.tryResolve(NeverRegisteredProbe.self)
                    exit(2)
                } catch let error as DependencyResolutionError {
                    if attempt % 5_000 == 0, error.hint?.note.contains("fills itself") != true { exit(3) }
                } catch {
                    exit(4)
                }
            }
            withExtendedLifetime(index) {}
        }
    }
}
