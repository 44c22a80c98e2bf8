// Sources/StatusKeys/StatusKeys.swift
import Relay

extension DependencyTypeKey {
    /// Where `statusctl` gets the state of each component.
    public static let statusService = DependencyTypeKey("StatusCtl.StatusService")
}

extension DependencyFactoryKey {
    /// Every component operational.
    public static let statusAllOperational = DependencyFactoryKey("StatusCtl.StatusService.AllOperational")
    /// Payments degraded, everything else operational.
    public static let statusPaymentsDegraded = DependencyFactoryKey("StatusCtl.StatusService.PaymentsDegraded")
    /// The status service cannot be reached.
    public static let statusUnreachable = DependencyFactoryKey("StatusCtl.StatusService.Unreachable")
}
