/// Reads a value from the environment of the view's position.
///
/// ```swift
/// @Environment(\.font) var font
/// ```
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    private final class Location {
        var environment: EnvironmentValues?
    }

    private let keyPath: KeyPath<EnvironmentValues, Value>
    private let location = Location()

    /// Reads the value at `keyPath`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        self.keyPath = keyPath
    }

    /// The value; before the view is linked (outside a render) it is the key's default.
    public var wrappedValue: Value {
        (location.environment ?? EnvironmentValues())[keyPath: keyPath]
    }

    /// Takes the environment of the view's position.
    public func link(to slot: DynamicPropertySlot) {
        location.environment = slot.environment
    }
}
