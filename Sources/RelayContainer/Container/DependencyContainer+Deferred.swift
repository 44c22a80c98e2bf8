extension DependencyContainer {
    /// A ``Provider`` that resolves `type` from this container, with `tag`, at each call.
    ///
    /// The same as resolving `Provider<T>`, without checking now that `type` is
    /// registered: a missing registration is the first call's error.
    ///
    /// ```swift
    /// let makeLogger = c.provider(Logger.self)
    /// let logger = makeLogger()
    /// ```
    public func provider<T>(_ type: T.Type = T.self, tag: DependencyTag? = nil) -> Provider<T> {
        Provider(container: self, tag: tag)
    }

    /// An ``ArgumentProvider`` that resolves `type`'s registration taking `argument` from
    /// this container, with `tag`, at each call.
    ///
    /// The same as resolving `ArgumentProvider<T, A>`, without checking now that such a
    /// registration exists: a missing one is the first call's error.
    ///
    /// ```swift
    /// let connect = c.provider(Connection.self, argument: (String, Int).self)
    /// let connection = connect(("example.com", 80))
    /// ```
    public func provider<T, A>(_ type: T.Type = T.self, tag: DependencyTag? = nil, argument: A.Type) -> ArgumentProvider<T, A> {
        ArgumentProvider(container: self, tag: tag)
    }

    /// A ``Lazy`` that resolves `type` from this container, with `tag`, on first use.
    ///
    /// The same as resolving `Lazy<T>`, without checking now that `type` is registered:
    /// a missing registration is the first use's error.
    ///
    /// ```swift
    /// let store = c.lazy(DataStore.self)
    /// let sameStore = store.value
    /// ```
    public func lazy<T>(_ type: T.Type = T.self, tag: DependencyTag? = nil) -> Lazy<T> {
        Lazy(container: self, tag: tag)
    }
}
