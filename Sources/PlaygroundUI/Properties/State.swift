/// A value owned by the view's position in the tree: it survives re-creation of the view value and is
/// forgotten when the position disappears.
///
/// ```swift
/// @State var color: Color? = nil
/// … color = .teal            // nonmutating, from a handler
/// TextField("Name", text: $name, …)
/// ```
///
/// Like SwiftUI, the initial value is used only when the position first appears.
@propertyWrapper
public struct State<Value>: DynamicProperty {
    private final class Location {
        var box: StateBox<Value>
        init(_ box: StateBox<Value>) { self.box = box }
    }

    private let location: Location

    /// A state starting at `wrappedValue`.
    public init(wrappedValue: Value) {
        location = Location(StateBox(wrappedValue))
    }

    /// A state starting at `initialValue` (for a view's own `init`: `_flag = State(initialValue: true)`).
    public init(initialValue: Value) {
        self.init(wrappedValue: initialValue)
    }

    /// The current value.
    public var wrappedValue: Value {
        get { location.box.value }
        nonmutating set { location.box.value = newValue }
    }

    /// A binding to the persistent value.
    public var projectedValue: Binding<Value> {
        let box = location.box
        return Binding(get: { box.value }, set: { box.value = $0 })
    }

    /// Adopts the position's box (the first time, this view's own box becomes the position's, and reports its
    /// writes to the position).
    public func link(to slot: DynamicPropertySlot) {
        let current = location.box
        location.box = slot.storage {
            current.owner = slot.position
            return current
        }
    }
}

@available(*, unavailable, message: "state lives on the host's executor")
extension State: Sendable {}

/// Type-erased access to a state box, for ``ViewHost/stateValues``.
protocol StateStorage: AnyObject {
    var anyValue: Any { get }
    /// Writes `value` if it is of the box's type; false otherwise.
    func write(_ value: Any) -> Bool
}

/// The persistent storage behind one `@State`.
final class StateBox<Value>: StateStorage {
    var value: Value {
        didSet { owner?.stateDidChange() }
    }
    /// The position whose storage this is, told of every write.
    weak var owner: Position?
    init(_ value: Value) { self.value = value }
    var anyValue: Any { value }
    func write(_ value: Any) -> Bool {
        guard let value = value as? Value else { return false }
        self.value = value
        return true
    }
}
