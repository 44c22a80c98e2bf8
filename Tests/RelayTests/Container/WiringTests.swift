import Relay
import Testing

// Each test uses types and scopes of its own, so tests can share the process-global
// containers and still run in parallel.

private protocol WRouter: AnyObject {}
private final class WRouterImp: WRouter {}
private protocol WInteractor: AnyObject {}
private final class WInteractorImp: WInteractor {}
private protocol WPresenter: AnyObject {
    var router: WRouter { get }
    var interactor: WInteractor { get }
}
private final class WPresenterImp: WPresenter {
    let router: WRouter
    let interactor: WInteractor
    init(router: WRouter, interactor: WInteractor) {
        self.router = router
        self.interactor = interactor
    }
}
private final class WSix {
    init(a: WRouter, b: WInteractor, c: WRouter, d: WInteractor, e: WRouter, f: WInteractor) {}
}
private final class WOne { let router: WRouter; init(router: WRouter) { self.router = router } }
private protocol WMissing: AnyObject {}
private final class WNeedsMissing { init(missing: WMissing) {} }

@Suite("Auto-wiring")
struct WiringTests {
    @Test("an initializer's parameters are resolved from the owning container")
    func wiring() {
        let c = DependencyContainer.container(for: DependencyContainerScope("WiringTests.basic"))
        c.register(WRouter.self, wiring: WRouterImp.init)
        c.register(WInteractor.self, lifecycle: .transient) { _ in WInteractorImp() }
        c.register(WPresenter.self, lifecycle: .transient, wiring: WPresenterImp.init)
        c.register(WOne.self, wiring: WOne.init)
        c.register(WSix.self, tag: "six", wiring: WSix.init)
        let presenter = c.resolve(WPresenter.self)
        #expect(presenter.router === c.resolve(WRouter.self))
        #expect(presenter.interactor !== c.resolve(WPresenter.self).interactor)
        #expect(c.resolve(WOne.self).router === presenter.router)
        _ = c.resolve(WSix.self, tag: "six")
    }

    @Test("a parameter that cannot be resolved fails with the chain")
    func missingParameter() {
        let c = DependencyContainer.container(for: DependencyContainerScope("WiringTests.missing"))
        c.register(WNeedsMissing.self, wiring: WNeedsMissing.init)
        let error = #expect(throws: DependencyResolutionError.self) { try c.tryResolve(WNeedsMissing.self) }
        #expect(error?.reason == .missingRegistration)
        #expect(error?.chain == ["RelayTests.WNeedsMissing", "RelayTests.WMissing"])
    }
}
