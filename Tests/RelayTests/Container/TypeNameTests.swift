import Relay
import Testing

// Types declared private and fileprivate: Swift names them with a segment for their
// anonymous context (`RelayTests.(unknown context at $…).PrivateNode`), which messages leave out.
private final class PrivateNode {}
fileprivate struct FilePrivateBox<Value> {}
private enum PrivateOuter { final class Inner {} }

@Suite("Type names in messages")
struct TypeNameTests {
    @Test("a private type is named as written in a resolve error")
    func privateTypeInError() {
        let c = DependencyContainer.container(for: DependencyContainerScope("TypeNameTests.private"))
        let error = #expect(throws: DependencyResolutionError.self) { try c.tryResolve(PrivateNode.self) }
        #expect(error?.requestedType == "RelayTests.PrivateNode")
        #expect(error?.chain == ["RelayTests.PrivateNode"])
        #expect(error?.description.hasPrefix("Relay cannot resolve RelayTests.PrivateNode: no registration in scope 'TypeNameTests.private'") == true)
        #expect(error?.description.contains("unknown context") == false)
    }

    @Test("private types are named as written inside generic arguments and nested types")
    func genericAndNested() {
        #expect(DependencyKey([PrivateNode].self).typeName == "Swift.Array<RelayTests.PrivateNode>")
        #expect(DependencyKey(FilePrivateBox<PrivateNode>.self).typeName == "RelayTests.FilePrivateBox<RelayTests.PrivateNode>")
        #expect(DependencyKey(PrivateOuter.Inner.self).typeName == "RelayTests.PrivateOuter.Inner")
        #expect(DependencyKey([String: (Int, PrivateNode)].self).typeName == "Swift.Dictionary<Swift.String, (Swift.Int, RelayTests.PrivateNode)>")
    }

    @Test("a factory returning the wrong private type names both as written")
    func privateTypeMismatch() {
        let c = DependencyContainer.container(for: DependencyContainerScope("TypeNameTests.mismatch"))
        c.register(key: DependencyKey(PrivateOuter.Inner.self)) { _ in PrivateNode() }
        let error = #expect(throws: DependencyResolutionError.self) { try c.tryResolve(PrivateOuter.Inner.self) }
        #expect(error?.reason == .typeMismatch(actualType: "RelayTests.PrivateNode"))
    }
}
