/// Whether `type` is an `Optional`, for `DependencyKey.init`'s flattening. A class, never
/// an `Optional`, is answered by the cheap class test (the runtime reads the metadata's
/// kind); only other types pay for the protocol-conformance look-up of the exact test
/// (``OptionalMarker``'s one conformance is `Optional`'s).
@inline(__always)
func isOptionalType(_ type: Any.Type) -> Bool {
    if type is AnyObject.Type { return false }
    return type is any OptionalMarker.Type
}
