/// A factory for `Value` that takes a runtime argument: each call resolves `Value`'s
/// argument registration (``DependencyContainer/register(_:tag:argument:file:line:factory:)``)
/// with the value passed, from the container that made it, with its tag.
///
/// Like ``Provider``, it needs no registration of its own: resolving
/// `ArgumentProvider<Value, Argument>` works whenever `Value` is registered taking an
/// `Argument`, and ``DependencyContainer/provider(_:tag:argument:)`` makes one directly.
///
/// ```swift
/// c.register(Downloader.self, argument: URL.self) { c, url in
///     Downloader(url: url, session: try c.tryResolve())
/// }
/// let makeDownloader = try c.tryResolve(ArgumentProvider<Downloader, URL>.self)
/// let downloader = makeDownloader(URL(string: "https://example.com")!)
/// ```
///
/// Every call builds a new instance (an argument registration is transient), with the
/// graph identity ``Provider`` describes. Resolving it when `Value` has no registration
/// taking `Argument` fails at once with the error of that resolve.
public struct ArgumentProvider<Value, Argument>: Sendable {
    /// The container each call resolves from.
    public let container: DependencyContainer
    /// The tag each call resolves with; `nil` for the untagged registration.
    public let tag: DependencyTag?

    init(container: DependencyContainer, tag: DependencyTag?) {
        self.container = container
        self.tag = tag
    }

    /// Resolves `Value` with `argument`, stopping the program with a full diagnostic when
    /// it cannot, as ``DependencyContainer/resolve(_:tag:argument:file:line:)`` does.
    public func callAsFunction(_ argument: Argument, file: StaticString = #fileID, line: UInt = #line) -> Value {
        do {
            return try tryResolve(argument)
        } catch {
            fatalError("\(error.description)", file: file, line: line)
        }
    }

    /// Resolves `Value` with `argument`, or throws the ``DependencyResolutionError`` of
    /// ``DependencyContainer/tryResolve(_:tag:argument:)``.
    public func tryResolve(_ argument: Argument) throws(DependencyResolutionError) -> Value {
        try container.tryResolve(Value.self, tag: tag, argument: argument)
    }
}

extension ArgumentProvider: ResolvableByType {
    static var wrappedKey: DependencyKey { DependencyKey(Value.self) }
    static var wrappedArgument: Any.Type? { Argument.self }
}
