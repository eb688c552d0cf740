import Foundation

/// A dependency's key: its type and the value a room starts with.
///
/// Unlike the seed, `currentValue` is not a process-wide static every screen shares: each room's
/// ``InjectedValues`` asks for it once, keeps what it got, and never shows it to another room. A key whose value is
/// a reference therefore makes a new one each time it is asked:
///
/// ```swift
/// struct PostRepositoryKey: InjectionKey {
///     static var currentValue: any PostRepositoryProtocol { PostRepository(cache: CacheService()) }
/// }
/// ```
public protocol InjectionKey {
    associatedtype Value
    /// The value a room starts with (made when the room first asks for it).
    static var currentValue: Value { get }
}

/// The dependencies of one room, by key (the seed's `InjectedValues`, one per room instead of one per process).
///
/// Apps add their dependencies as properties, as in the seed:
///
/// ```swift
/// extension InjectedValues {
///     var postService: any PostServiceProtocol {
///         get { self[PostServiceKey.self] }
///         set { self[PostServiceKey.self] = newValue }
///     }
/// }
/// ```
///
/// A room runs its app inside ``withValues(_:_:)``; ``Injected`` reads the values current when its owner was made.
public struct InjectedValues: Sendable {
    /// The values themselves; shared by every copy, so a change through one is seen through all. Held strongly by
    /// the room and by what the room makes in its scope (view models, the coordinator).
    private let held: Storage?
    /// The same values, held weakly: by the values the room made itself (a key's `currentValue`). The room owns
    /// them, so a strong reference back would be a cycle (values → their `@Injected` → values) keeping every value,
    /// and the room's loop with its actor, alive after the room has gone.
    private weak let unheld: Storage?

    /// A new, empty set of values: a room's.
    public init() {
        held = Storage()
        unheld = nil
    }

    private init(unheld storage: Storage) {
        held = nil
        unheld = storage
    }

    /// The values; once a room has gone, an empty set (what a value the room made reads then: the keys' defaults, kept
    /// nowhere).
    private var storage: Storage { held ?? unheld ?? Storage() }

    /// The value for `key`: the one set, or (the first time) the key's `currentValue`, made and kept.
    public subscript<K: InjectionKey>(key: K.Type) -> K.Value {
        get { storage.value(for: key) }
        nonmutating set { storage.set(newValue, for: key) }
    }

    /// The values current in this task: the room's, inside ``withValues(_:_:)``; else a set for code outside any room.
    public static var current: InjectedValues { scope }

    /// Reads or replaces a dependency of the current values (the seed's `InjectedValues[\.postService]`).
    public static subscript<T>(_ keyPath: WritableKeyPath<InjectedValues, T>) -> T {
        get { current[keyPath: keyPath] }
        set {
            var values = current
            values[keyPath: keyPath] = newValue
        }
    }

    /// Runs `body` with `values` current: every ``Injected`` made inside (and in the tasks it starts) uses them.
    public static func withValues<R>(_ values: InjectedValues, _ body: () throws -> R) rethrows -> R {
        try $scope.withValue(values, operation: body)
    }

    /// Whether two sets are the same room's.
    public func isSame(as other: InjectedValues) -> Bool {
        guard let mine = held ?? unheld else { return false }
        return mine === (other.held ?? other.unheld)
    }

    @TaskLocal private static var scope = InjectedValues()

    /// The values by key type. A room's values are used by the room's jobs and the tasks they start (services are
    /// `Sendable`; view-model-side values such as the ``ErrorService`` are only touched on the room's executor); the
    /// dictionary itself is guarded by the lock (an `NSLock`: a `Mutex` can hand out only `sending` values, and the
    /// values are not `Sendable`).
    private final class Storage: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [ObjectIdentifier: Any] = [:]

        func value<K: InjectionKey>(for key: K.Type) -> K.Value {
            if let known = lock.withLock({ values[ObjectIdentifier(key)] }) as? K.Value { return known }
            // Made outside the lock and inside the owner's scope: the value's own @Injected properties are this room's,
            // and hold these values weakly (they keep the value: a strong reference back would be a cycle).
            let made = InjectedValues.withValues(InjectedValues(unheld: self)) { K.currentValue }
            return lock.withLock {
                if let raced = values[ObjectIdentifier(key)] as? K.Value { return raced }
                values[ObjectIdentifier(key)] = made
                return made
            }
        }

        func set<K: InjectionKey>(_ value: K.Value, for key: K.Type) {
            lock.withLock { values[ObjectIdentifier(key)] = value }
        }
    }
}

/// `@Injected(\.postService) private var postService`: a dependency of the room its owner was made in, read
/// again on every access (so a replaced value is seen at once, as in the seed).
@propertyWrapper
public struct Injected<T> {
    private let keyPath: WritableKeyPath<InjectedValues, T>
    /// The room's values, taken when the owner was made: two rooms' owners never see each other's.
    private let values: InjectedValues

    /// The dependency at `keyPath` of the values current now (the room's, inside ``InjectedValues/withValues(_:_:)``).
    public init(_ keyPath: WritableKeyPath<InjectedValues, T>) {
        self.keyPath = keyPath
        self.values = InjectedValues.current
    }

    /// The room's value now; setting it replaces it for the whole room.
    public var wrappedValue: T {
        get { values[keyPath: keyPath] }
        nonmutating set {
            var values = values
            values[keyPath: keyPath] = newValue
        }
    }
}
