/// Identifies a registration by the Swift type it produces.
///
/// Keys compare and hash by type identity (the type's metadata pointer), never by the
/// type's name, so two types with the same name in different modules are different
/// keys. Optional types are flattened: `DependencyKey(Service?.self)` and
/// `DependencyKey(Service??.self)` equal `DependencyKey(Service.self)`.
public struct DependencyKey: Hashable, Sendable, CustomStringConvertible {
    /// The type this key stands for, with any `Optional` layers removed.
    public let type: Any.Type
    /// The type's identity (its metadata address): what keys compare and hash by.
    var id: ObjectIdentifier { ObjectIdentifier(type) }

    /// Creates the key for `type`, flattening `Optional` layers.
    public init(_ type: Any.Type) {
        var unwrapped = type
        while isOptionalType(unwrapped), let optional = unwrapped as? any OptionalMarker.Type {
            unwrapped = optional.wrappedType
        }
        self.type = unwrapped
    }

    /// Whether two keys stand for the same type (after flattening `Optional`).
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }

    /// Hashes the type's identity, never its name.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// The fully qualified name of the type, e.g. `MyApp.BackendService`.
    public var typeName: String { TypeName.of(type) }

    /// The type's fully qualified name, ``typeName``.
    public var description: String { typeName }
}

/// Lets `DependencyKey` see through `Optional` without knowing `Wrapped` statically.
protocol OptionalMarker {
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalMarker {
    static var wrappedType: Any.Type { Wrapped.self }
}
