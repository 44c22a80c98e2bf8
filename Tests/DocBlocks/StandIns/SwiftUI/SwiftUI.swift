// A stand-in for Apple's SwiftUI: only the names the Swift blocks of docs/ios-ui-testing.md
// use, so that those blocks type-check their Relay calls on Linux. Never linked into
// anything shipped; the bodies do nothing.

@MainActor
public protocol View {
    associatedtype Body: View
    var body: Body { get }
}

@MainActor
public protocol Scene {
    associatedtype Body: Scene
    var body: Body { get }
}

@MainActor
public protocol App {
    associatedtype Body: Scene
    init()
    var body: Body { get }
}

extension App {
    /// What Apple's `@main` on an `App` calls.
    public static func main() {}
}

/// Nothing to show: ends the `body` chains of the stand-ins.
public struct Never_: View, Scene {
    public var body: Never_ { self }
}

public struct Text: View {
    public init(_ text: String) {}
    public var body: Never_ { Never_() }
}

public struct WindowGroup<Content: View>: Scene {
    public init(@ViewBuilder content: () -> Content) {}
    public var body: Never_ { Never_() }
}

@resultBuilder
public enum ViewBuilder {
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

/// Apple's `@State`: a value the view owns.
@propertyWrapper
public struct State<Value> {
    public init(initialValue: Value) { wrappedValue = initialValue }
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public var wrappedValue: Value
}
