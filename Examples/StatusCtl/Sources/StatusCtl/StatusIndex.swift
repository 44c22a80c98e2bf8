// Sources/StatusCtl/StatusIndex.swift
import Foundation
import Relay
import StatusKeys

extension DynamicDependencyIndex {
    /// Everything a driver may inject into statusctl. Filled once, on first use.
    static let statusCtl = DynamicDependencyIndex { index in
        // The real implementation: the default that instructions replace.
        let url = URL(string: ProcessInfo.processInfo.environment["STATUS_URL"] ?? "https://status.example.com/components.json")!
        DependencyContainer.global.register(StatusService.self) { _ in LiveStatusService(url: url) }
        // What a test may swap in, in debug builds only.
        #if DEBUG
        index.add(type: .statusService, StatusService.self)
        index.add(factory: .statusAllOperational, producing: StatusService.self) { _ in FixedStatus.allOperational }
        index.add(factory: .statusPaymentsDegraded, producing: StatusService.self) { _ in FixedStatus.paymentsDegraded }
        index.add(factory: .statusUnreachable, producing: StatusService.self) { _ in Unreachable() }
        #endif
    }
}
