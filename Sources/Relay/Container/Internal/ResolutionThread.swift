import Synchronization
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Per-thread resolution state: the stack of factories running on this thread (for cycle
/// detection and dependency chains) and a small cache of published singletons and
/// transient registrations, so that a repeated resolve takes no lock.
///
/// Only its own thread touches an instance (other threads know it by `id` only), which is
/// why it is not `Sendable` and why its hot fields opt out of dynamic exclusivity checks.
final class ResolutionThread {
    struct Frame {
        let registration: ObjectIdentifier
        let key: DependencyKey
    }

    struct Slot {
        var container: ObjectIdentifier?
        var type: ObjectIdentifier?
        /// `SingletonValue<T>` when `isSingleton`, else `TypedRegistration<T>`.
        var object: AnyObject?
        var isSingleton = false
    }

    static let slotCountLog2 = 7
    static let slotCount = 1 << slotCountLog2
    static let maximumDepth = 512

    // Touched on every resolve by this thread only.
    @exclusivity(unchecked) var cacheGeneration: UInt = 0
    @exclusivity(unchecked) var depth = 0
    let frames: UnsafeMutablePointer<Frame>
    let slots: UnsafeMutablePointer<Slot>

    var id: ObjectIdentifier { ObjectIdentifier(self) }

    init() {
        frames = .allocate(capacity: Self.maximumDepth)
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: Slot(), count: Self.slotCount)
    }

    deinit {
        frames.deinitialize(count: depth)
        frames.deallocate()
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
    }

    /// The calling thread's state, created on first use.
    static var current: ResolutionThread {
        @inline(__always) get {
            let key = ThreadKey.shared.key
            if let raw = pthread_getspecific(key) {
                return Unmanaged<ResolutionThread>.fromOpaque(raw).takeUnretainedValue()
            }
            let state = ResolutionThread()
            pthread_setspecific(key, Unmanaged.passRetained(state).toOpaque())
            return state
        }
    }

    // MARK: Cache

    @inline(__always)
    static func slotIndex(container: ObjectIdentifier, type: ObjectIdentifier) -> Int {
        let mixed = (UInt(bitPattern: type.hashValue) ^ (UInt(bitPattern: container.hashValue) &>> 4)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed &>> UInt(UInt.bitWidth - slotCountLog2))
    }

    /// Drops every cached entry when any container changed since the cache was filled.
    @inline(__always)
    func validateCache(generation: UInt) {
        if cacheGeneration != generation {
            for i in 0..<Self.slotCount { slots[i] = Slot() }
            cacheGeneration = generation
        }
    }

    func fill(container: ObjectIdentifier, type: ObjectIdentifier, object: AnyObject, isSingleton: Bool, generation: UInt) {
        guard cacheGeneration == generation else { return }
        slots[Self.slotIndex(container: container, type: type)] = Slot(container: container, type: type, object: object, isSingleton: isSingleton)
    }

    // MARK: Stack

    /// Records that `registration`'s factory is about to run on this thread. Throws when it
    /// is already running here (a cycle) or the chain is implausibly deep.
    @inline(__always)
    func push(_ registration: Registration, requestedIn scope: DependencyContainerScope) throws(DependencyResolutionError) {
        let id = ObjectIdentifier(registration)
        for i in 0..<depth where frames[i].registration == id {
            throw .circularDependency(key: registration.key, scope: scope, chain: chain(appending: registration.key), cycleStart: i, acrossThreads: nil)
        }
        guard depth < Self.maximumDepth else {
            throw .tooDeep(key: registration.key, scope: scope, chain: chain(appending: registration.key), limit: Self.maximumDepth)
        }
        (frames + depth).initialize(to: Frame(registration: id, key: registration.key))
        depth += 1
    }

    @inline(__always)
    func pop() {
        depth -= 1
        (frames + depth).deinitialize(count: 1)
    }

    /// The types whose factories are running on this thread, outermost first, then `key`.
    func chain(appending key: DependencyKey?) -> [DependencyKey] {
        var result = (0..<depth).map { frames[$0].key }
        if let key { result.append(key) }
        return result
    }
}

/// The process-wide `pthread_key_t` behind ``ResolutionThread/current``.
final class ThreadKey: Sendable {
    static let shared = ThreadKey()
    let key: pthread_key_t

    private init() {
        var key = pthread_key_t()
        #if canImport(Darwin)
        let status = pthread_key_create(&key) { raw in
            Unmanaged<ResolutionThread>.fromOpaque(raw).release()
        }
        #else
        let status = pthread_key_create(&key) { raw in
            if let raw { Unmanaged<ResolutionThread>.fromOpaque(raw).release() }
        }
        #endif
        precondition(status == 0, "Relay could not create its thread-local key (pthread_key_create returned \(status))")
        self.key = key
    }
}
