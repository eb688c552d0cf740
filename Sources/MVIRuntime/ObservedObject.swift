import OpenCombine
import PlaygroundUI

/// The seed's `@ObservedObject var vm: SearchPageViewModel`: the view reads its view model's `uiState`.
///
/// ```swift
/// struct SearchPageView: View {
///     @ObservedObject var vm: SearchPageViewModel
///     var body: some View { Text(vm.uiState.caseName) }
/// }
/// ```
///
/// On the server a view does not re-render itself when the object changes: the room re-renders the pane after
/// every intent and after every effect result (``MVIIntents/onChange``), so this wrapper only holds the object.
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    /// The observed object.
    public var wrappedValue: ObjectType

    /// Observes `wrappedValue`.
    public init(wrappedValue: ObjectType) {
        self.wrappedValue = wrappedValue
    }

    /// Nothing to link: the object is owned by the app instance, not by the view's position.
    public func link(to slot: DynamicPropertySlot) {}
}

@available(*, unavailable, message: "an observed object lives on one room executor")
extension ObservedObject: Sendable {}
