import Relay

/// Where the todos live: PostgreSQL in production, memory in a test.
protocol TodoRepository: Sendable {
    var name: String { get }
}

struct PostgresTodoRepository: TodoRepository {
    let name = "PostgreSQL"
}

struct InMemoryTodoRepository: TodoRepository {
    let name = "memory"
}

extension DependencyTypeKey {
    static let todoRepository = DependencyTypeKey("ConfigStartup.TodoRepository")
}

extension DependencyFactoryKey {
    static let inMemoryTodos = DependencyFactoryKey("ConfigStartup.TodoRepository.InMemory")
}

extension DynamicDependencyIndex {
    /// Everything a driver may inject into the server. Filled once, on first use.
    static let todos = DynamicDependencyIndex { index in
        DependencyContainer.global.register(TodoRepository.self) { _ in PostgresTodoRepository() }
        #if DEBUG
        index.add(type: .todoRepository, TodoRepository.self)
        index.add(factory: .inMemoryTodos, producing: TodoRepository.self) { _ in InMemoryTodoRepository() }
        #endif
    }
}
