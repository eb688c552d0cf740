/// A property that the renderer links to the persistent storage of its view's position before it evaluates
/// the view's `body` (``State``, ``Environment``, and runtime wrappers such as EVRuntime's `@Action`).
///
/// Such properties are small structs holding a reference (a "location"); `link(to:)` points that location at
/// the slot's persistent object, so every copy of the view value sees the same storage.
///
/// ```swift
/// @propertyWrapper struct Counter: DynamicProperty {
///     private let location = Location()
///     var wrappedValue: Int { location.box?.count ?? 0 }
///     func link(to slot: DynamicPropertySlot) { location.box = slot.storage { Box() } }
/// }
/// ```
public protocol DynamicProperty {
    /// Attaches this property to `slot`; called on every render, before `body`.
    func link(to slot: DynamicPropertySlot)
}

/// One dynamic property's place in one view position: its persistent object and the environment there.
public struct DynamicPropertySlot {
    /// The environment at the view's position.
    public let environment: EnvironmentValues
    let position: Position
    let index: Int
    let label: String

    /// The object kept for this property at this position, made by `make` the first time.
    ///
    /// The object lives as long as the position is in the tree; if it conforms to OpenCombine's `Cancellable`,
    /// it is cancelled when the position disappears or the host unmounts.
    public func storage<Object: AnyObject>(_ make: () -> Object) -> Object {
        position.object(at: index, label: label, make: make)
    }
}
