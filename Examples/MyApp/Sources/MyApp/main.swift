import Foundation
import Relay

do {
    try DynamicDependencyRegistry.standard(index: .myApp).inject()
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}

let options = CommandLine.withoutDependencyArguments()   // your own flags, without -d …
let store = DependencyContainer.global.resolve(RecipeStore.self)
for recipe in try await store.backend.recipes() {
    print(options.contains("--shout") ? recipe.uppercased() : recipe)
}
