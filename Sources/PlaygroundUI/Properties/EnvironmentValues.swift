/// A key for a value in ``EnvironmentValues``.
///
/// ```swift
/// private struct AccentKey: EnvironmentKey { static var defaultValue: Color { .teal } }
/// extension EnvironmentValues {
///     var accent: Color { get { self[AccentKey.self] } set { self[AccentKey.self] = newValue } }
/// }
/// ```
public protocol EnvironmentKey {
    /// The value's type.
    associatedtype Value
    /// The value when no ancestor set one (computed, so it needs no global storage in Swift 6).
    static var defaultValue: Value { get }
}

/// Values flowing down the view tree; a view reads them with ``Environment``, an ancestor sets them with
/// `.environment(_:_:)`.
public struct EnvironmentValues {
    private(set) var values: [ObjectIdentifier: Any] = [:]

    /// An environment holding every key's default.
    public init() {}

    /// The value for `key`, or its default.
    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get { values[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    /// A copy with one value set, for building a host's root environment.
    public func with<Value>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value) -> EnvironmentValues {
        var copy = self
        copy[keyPath: keyPath] = value
        return copy
    }
}

@available(*, unavailable, message: "environment values (subjects, sources) belong to one host's executor")
extension EnvironmentValues: Sendable {}
