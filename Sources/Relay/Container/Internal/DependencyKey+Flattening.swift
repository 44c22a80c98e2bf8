/// The kind of a type's metadata, from the Swift runtime's exported
/// `MetadataKind swift_getMetadataKind(const Metadata *)` (`MetadataKind` is a
/// `uint32_t`): one number for classes, one for structs, one for `Optional`, and so on.
/// The standard library itself calls it the same way.
@_silgen_name("swift_getMetadataKind")
private func metadataKind(of type: Any.Type) -> UInt32

/// The metadata kind every `Optional<Wrapped>` has, asked of the runtime rather than
/// hard-coded.
private let optionalMetadataKind = metadataKind(of: Int?.self)

/// Whether `type` is an `Optional`, as one runtime call and a compare.
///
/// Only `Optional<Wrapped>` has `Optional`'s metadata kind, so this is exact. It guards
/// `DependencyKey.init`'s `type as? any OptionalMarker.Type`, a protocol-conformance
/// look-up that would otherwise cost about 25 ns on every registration (see
/// docs/performance.md). `swift_getMetadataKind` is part of the Swift runtime's stable ABI.
@inline(__always)
func isOptionalType(_ type: Any.Type) -> Bool {
    metadataKind(of: type) == optionalMetadataKind
}
