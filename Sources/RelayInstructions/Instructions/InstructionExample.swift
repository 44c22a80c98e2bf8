import RelayContainer
/// The example keys that messages about a malformed instruction show (`-d needs an
/// instruction after it, e.g. -d type=…,factory=…`, `missing 'factory'; add factory=…`).
///
/// Parsing happens before any index is consulted, so the parser and the sources do not
/// know the app's keys. Whoever reads instructions for an index binds ``provider`` for the
/// read (`DynamicDependencyIndex.withInstructionExamples(_:)`); messages then show a real type key of that index and a
/// factory that produces it, instead of the generic `MyApp.BackendService`. The provider
/// is asked only when a message is built, never on a successful parse.
package struct InstructionExample: Sendable, Equatable {
    /// The example's type key, as written in an instruction (escaped as needed).
    var type: String
    /// The example's factory key, as written in an instruction (escaped as needed).
    var factory: String

    /// What messages show when no index is known.
    static let generic = InstructionExample(type: "MyApp.BackendService", factory: "MyApp.BackendService.Stub")

    /// What the instruction being described already says, so that the example can match it
    /// (a factory for the type it names, the type of the factory it names).
    package struct Given: Sendable, Equatable {
        package var type: String?
        package var factory: String?
    }

    /// Finds an example among the keys being checked against; `nil` when they have none.
    ///
    /// The task-local value holds a class wrapping the closure, not the closure itself:
    /// Relay keeps its task-locals of class type (as its override layers are), never of
    /// optional function type, which the runtime's task-local storage does not handle
    /// reliably in optimized builds.
    package final class Provider: Sendable {
        let find: @Sendable (Given) -> InstructionExample?

        package init(_ find: @escaping @Sendable (Given) -> InstructionExample?) {
            self.find = find
        }
    }

    /// The provider bound for the current read; `nil` outside one.
    @TaskLocal package static var provider: Provider?

    /// The example for a message about an instruction that already says `given`.
    package static func current(_ given: Given = Given()) -> InstructionExample {
        provider?.find(given) ?? generic
    }

    /// An example made of index keys, written so that the instruction parses back to
    /// them, and with any control character shown as an escape.
    package init(typeKey: String, factoryKey: String) {
        type = UserText.escaped(InstructionFormatter.escape(typeKey))
        factory = UserText.escaped(InstructionFormatter.escape(factoryKey))
    }

    init(type: String, factory: String) {
        self.type = type
        self.factory = factory
    }

    /// `type=…,factory=…`.
    package var instruction: String { "type=\(type),factory=\(factory)" }
}
