/// Where a binding or a registration lives: a type, with its tag (`nil`: untagged) and,
/// for an argument registration, the type of its runtime argument (exactly: not
/// `Optional`-flattened), in the container of a scope.
///
/// Everything that stores, finds, merges or replaces a registration keys it by its slot.
/// Two slots that differ in any field never stand for each other: a tagged binding does
/// not replace the untagged registration, nor an argument registration the argument-free
/// one. `TypeID`: an instruction's type key (`argument` always `nil`), or the engine's
/// ``DependencyKey``.
///
/// Inlinable (which a `package` member is only when `@usableFromInline`): the other
/// modules make, compare and hash slots for every instruction they read, and a generic
/// struct's members called across a module wall run unspecialized, several hundred
/// instructions per call.
@usableFromInline
package struct Slot<TypeID: Hashable & Sendable>: Hashable, Sendable {
    @usableFromInline package let scope: DependencyContainerScope
    @usableFromInline package let type: TypeID
    @usableFromInline package let tag: DependencyTag?
    @usableFromInline let argument: ObjectIdentifier?

    @inlinable
    package init(scope: DependencyContainerScope, type: TypeID, tag: DependencyTag? = nil, argument: ObjectIdentifier? = nil) {
        self.scope = scope
        self.type = type
        self.tag = tag
        self.argument = argument
    }

    /// The type, the tag and the argument type; not the scope, whose name the hasher would
    /// otherwise run over for every look-up, while one type bound in many scopes is rare.
    /// Equality still compares every field.
    @inlinable
    package func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        if let tag { hasher.combine(tag) }
        if let argument { hasher.combine(argument) }
    }

    /// Equal when every field is.
    @inlinable
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.type == rhs.type && lhs.tag == rhs.tag && lhs.argument == rhs.argument && lhs.scope == rhs.scope
    }
}
