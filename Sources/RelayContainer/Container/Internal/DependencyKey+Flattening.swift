/// Whether `type` is an `Optional`, for `DependencyKey.init`'s flattening.
///
/// Two plain-Swift casts, no runtime entry point called by name:
///
/// 1. `type is AnyObject.Type` — is it a class? A class is never an `Optional` (an
///    enum), and asking costs little: the runtime reads the metadata's kind. Most
///    registered types are classes, and this answers for them.
/// 2. `type is any OptionalMarker.Type` — the exact test. Only `Optional<Wrapped>`
///    conforms to ``OptionalMarker`` (the protocol is internal to Relay, and its one
///    conformance is `extension Optional: OptionalMarker`), so a metatype that casts is
///    an `Optional`'s and nothing else's. This is a protocol-conformance look-up, which
///    the runtime caches per type but which still costs several times the class test, so
///    it runs only for structs, enums, tuples, functions and existentials.
///
/// `DependencyKey.init` runs on registration and on a resolve that misses the per-thread
/// caches, never on a cache hit, so this test is off the resolve fast path.
@inline(__always)
func isOptionalType(_ type: Any.Type) -> Bool {
    if type is AnyObject.Type { return false }
    return type is any OptionalMarker.Type
}
