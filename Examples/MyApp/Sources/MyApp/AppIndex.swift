import Relay

extension DependencyTypeKey { static let backend = DependencyTypeKey("MyApp.BackendService") }
extension DependencyFactoryKey { static let backendStub = DependencyFactoryKey("MyApp.BackendService.Stub") }

extension DynamicDependencyIndex {
    /// Everything a driver may inject into MyApp. Filled once, on first use.
    static let myApp = DynamicDependencyIndex { index in
        try AppRegistry().registerDependencies()   // the defaults that instructions replace
        #if DEBUG
        index.add(type: .backend, BackendService.self)
        index.add(factory: .backendStub, producing: BackendService.self) { _ in BackendStub() }
        #endif
    }
}
