/// The per-thread cache of singletons resolved inside override layers.
///
/// Inside a `withInjectedDependencies` call every singleton lives in the call's layer
/// (``OverrideLayer``), and finding one there takes the engine lock and the layer's
/// tables. This small direct-mapped cache serves a repeated resolve without either: an
/// entry is *(layer, container, type) → the singleton's address in its holder*.
///
/// No entry retains anything, and none needs to: an entry is used only when its layer
/// is the current task's innermost layer, which the resolving code holds (it just read
/// it from the task-local value), and that layer owns the holder; a layer's singletons
/// are never replaced while it lives. Layer identifiers are never reused, so an entry of
/// a finished layer can never be hit again. Entries are dropped when any registration
/// table changes (the generation), like the main cache's, and when this thread's last
/// synchronous override call returns. Transients are not cached here.
extension ResolutionThread {
    struct LayerSlot {
        /// ``OverrideLayer/id``; 0 for an empty slot.
        var layer: UInt = 0
        var container: UInt = 0
        var type: UInt = 0
        /// The address of the `T` inside the layer's `SingletonValue<T>`.
        var value: UnsafeRawPointer?
    }

    static let layerSlotCountLog2 = 5
    static let layerSlotCount = 1 << layerSlotCountLog2

    @inline(__always)
    private static func layerSlotIndex(layer: UInt, container: UInt, type: UInt) -> Int {
        let mixed = (type ^ (container &>> 4) ^ (layer &* 0x2545_F491_4F6C_DD1D)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed &>> UInt(UInt.bitWidth - layerSlotCountLog2))
    }

    /// The cached singleton of `type` in `container` inside layer `layer`, if any.
    /// Call only with `layer` alive (see the type's overview).
    @inline(__always)
    func layerCachedValue(layer: UInt, container: UInt, type: UInt, generation: UInt) -> UnsafeRawPointer? {
        guard state.pointee.layerCacheGeneration == generation else {
            clearLayerCache()
            state.pointee.layerCacheGeneration = generation
            return nil
        }
        let slot = state.pointee.layerSlots + Self.layerSlotIndex(layer: layer, container: container, type: type)
        guard slot.pointee.layer == layer, slot.pointee.type == type, slot.pointee.container == container else { return nil }
        return slot.pointee.value
    }

    /// Caches a singleton of layer `layer`, if the cache is still of `generation`.
    func fillLayerCache<T>(layer: UInt, container: ObjectIdentifier, type: T.Type, holder: SingletonValue<T>, generation: UInt) {
        guard state.pointee.layerCacheGeneration == generation else { return }
        let container = UInt(bitPattern: container), type = UInt(bitPattern: ObjectIdentifier(T.self))
        let slot = state.pointee.layerSlots + Self.layerSlotIndex(layer: layer, container: container, type: type)
        slot.pointee = LayerSlot(layer: layer, container: container, type: type, value: UnsafeRawPointer(holder.storage))
    }

    /// Empties the cache (nothing to release: entries retain nothing).
    func clearLayerCache() {
        state.pointee.layerSlots.update(repeating: LayerSlot(), count: Self.layerSlotCount)
    }
}
