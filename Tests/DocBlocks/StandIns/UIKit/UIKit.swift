// A stand-in for Apple's UIKit: only the names the Swift blocks of docs/ios-ui-testing.md
// use, so that those blocks type-check their Relay calls on Linux. Never linked into
// anything shipped; the bodies do nothing.

@MainActor
open class UIResponder {
    public init() {}
}

@MainActor
open class UIApplication: UIResponder {
    public struct LaunchOptionsKey: Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }
}

@MainActor
public protocol UIApplicationDelegate: AnyObject {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
}

extension UIApplicationDelegate {
    /// What Apple's `@main` on an app delegate calls: `UIApplicationMain`.
    public static func main() {}
}
