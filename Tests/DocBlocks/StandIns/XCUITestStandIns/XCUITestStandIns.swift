import XCTest

// Stand-ins for the UI-testing part of Apple's XCTest, which Linux's XCTest has not: only
// the names and signatures the Swift blocks of docs/ios-ui-testing.md use, so that those
// blocks type-check their Relay calls on Linux. Never linked into anything shipped; the
// bodies do nothing. Scripts/check-doc-blocks.sh imports this module next to every
// `import XCTest`.

/// Apple's `XCUIApplication`: the app under test, launched with arguments and environment.
@MainActor
open class XCUIApplication {
    public init() {}
    /// The app's command line, after its executable.
    open var launchArguments: [String] = []
    /// The app's environment, on top of what the system adds.
    open var launchEnvironment: [String: String] = [:]
    open func launch() {}
    open var staticTexts: XCUIElementQuery { XCUIElementQuery() }
    open var buttons: XCUIElementQuery { XCUIElementQuery() }
}

/// Apple's `XCUIElementQuery`, as far as subscripting by label.
@MainActor
public struct XCUIElementQuery {
    public subscript(_ identifier: String) -> XCUIElement { XCUIElement() }
}

/// Apple's `XCUIElement`, as far as waiting for it and tapping it.
@MainActor
public struct XCUIElement {
    public func waitForExistence(timeout: TimeInterval) -> Bool { false }
    public func tap() {}
}

/// Apple's `XCTAttachment`, made from a string.
public final class XCTAttachment {
    public var name: String?
    public init(string: String) {}
}

extension XCTestCase {
    /// Apple's `XCTestCase.add(_:)`, which keeps an attachment with the test's result.
    public func add(_ attachment: XCTAttachment) {}
}
