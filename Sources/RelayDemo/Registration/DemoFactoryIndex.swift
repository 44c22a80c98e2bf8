import Relay

/// The stubs and fixtures a launch may select, indexed with the type each one produces,
/// so that an instruction pairing a factory with the wrong type is rejected before any
/// factory runs.
enum DemoFactoryIndex {
    /// Adds every factory of the demo to `index`.
    static func add(to index: DynamicDependencyIndex) {
        // RelayDemo.RecipeBook
        index.add(factory: .recipeBookBundled, producing: (any RecipeBook).self) { _ in BundledRecipeBook() }
        index.add(factory: .recipeBookStub, producing: (any RecipeBook).self) { _ in StubRecipeBook() }
        index.add(factory: .recipeBookEmpty, producing: (any RecipeBook).self) { _ in EmptyRecipeBook() }

        // RelayDemo.Clock
        index.add(factory: .clockFixed, producing: (any Clock).self) { _ in FixedClock() }

        // RelayDemo.Kitchen — the live kitchen, so that an instruction can change only its
        // lifecycle.
        index.add(factory: .kitchenLive, producing: (any Kitchen).self) { container in
            CountingKitchen(dispenser: try container.tryResolve(TicketDispenser.self))
        }

        // RelayDemo.ListFormatter
        index.add(factory: .listFormatterNumbered, producing: (any ListFormatter).self) { _ in NumberedListFormatter() }
        index.add(factory: .listFormatterChecklist, producing: (any ListFormatter).self) { _ in ChecklistFormatter() }
        // One factory for every marker: the instruction's parameter=, checked before
        // anything is registered.
        index.add(factory: .listFormatterMarked, producing: (any ListFormatter).self, parameter: MarkedListFormatter.markerParameter) { _, marker in
            MarkedListFormatter(marker: marker)
        }
    }
}
