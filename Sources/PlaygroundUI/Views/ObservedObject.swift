import OpenCombine

/// SwiftUI's `@ObservedObject` (the seeds' `@ObservedObject var vm: SearchPageViewModel`), with
/// `$viewModel.displayState` bindings.
///
/// On the server a view does not re-render itself when the object changes: the room re-renders the pane after
/// every event, press and finished task, so the wrapper only holds the object (owned by someone else: a view model's
/// coordinator, an app instance).
@propertyWrapper
@dynamicMemberLookup
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    /// The object.
    public var wrappedValue: ObjectType

    /// Observes `wrappedValue`.
    public init(wrappedValue: ObjectType) {
        self.wrappedValue = wrappedValue
    }

    /// `$viewModel`, for bindings to its properties.
    public var projectedValue: Self { self }

    /// A binding to a property of the object (`$viewModel.displayState`).
    public subscript<Member>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Member>) -> Binding<Member> {
        let object = wrappedValue
        return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }

    /// Nothing to link: the object's owner is not the view's position.
    public func link(to slot: DynamicPropertySlot) {}
}

@available(*, unavailable, message: "an observed object lives on its room's executor")
extension ObservedObject: Sendable {}
