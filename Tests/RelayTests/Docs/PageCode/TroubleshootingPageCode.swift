import Relay

// docs/troubleshooting.md's Swift blocks that are not code of an example package, compiled
// here verbatim (DocumentationCoverageTests finds them); never called, since they would
// fill the process's shared containers under other tests. The page's index that fills
// itself is the README tour's, code of Examples/MyApp.

private extension DependencyContainerScope {
    static let checkout = DependencyContainerScope("Troubleshooting.checkout")
}

enum TroubleshootingPage {
    protocol BackendService: Sendable {}
    struct OfflineBackend: BackendService {}

    struct AppRegistry: DependencyRegistryType {
        func registerDependencies() throws {}
    }

    // "The defaults are registered after `inject()`"
    static func defaultsAfterInject() throws {
        try DynamicDependencyRegistry.standard(index: .myApp).inject()
        try AppRegistry().registerDependencies()       // registers the live defaults afterwards
    }

    // "Unknown scope"
    static let myApp = DynamicDependencyIndex { index in
        index.add(scope: .checkout)
    }

    // "`validate()` ran a live factory"
    static func validateWithStandIns() throws {
        var standIns = DependencyOverrides(index: .myApp)
        standIns.register(BackendService.self) { _ in OfflineBackend() }
        try DependencyContainer.validate(replacing: standIns)
    }
}
