import OpenCombine
import PlaygroundUI

/// A view's current action, fed by the room's `eventSubject`: it keeps the actions of type `T` that the
/// events map to, each as a **pulse** (set, then back to `T.default`).
///
/// ```swift
/// @Action(InnerAction.initial) var action
/// …
/// .onReceive($action) { newAction in
///     switch newAction {
///     case .changeLeftColor: color = randomColor()
///     default: break
///     }
/// }
/// ```
///
/// The seed subscribes in `init` and discards the cancellable (`_ = eventSubject…`), so every re-created view
/// leaks one subscription. Here the subscription belongs to the view's position (a `DynamicProperty`): made
/// when the position appears, cancelled when it disappears or the host unmounts.
@propertyWrapper
public struct Action<T: InnerViewAction>: DynamicProperty {
    private final class Location {
        var box: ActionBox<T>
        init(_ box: ActionBox<T>) { self.box = box }
    }

    private let location: Location

    /// An action starting at `receivedValue` (usually `.initial`, the default).
    public init(_ receivedValue: T) {
        location = Location(ActionBox(receivedValue))
    }

    /// The current action: at rest it is `T.default`. Setting it is a pulse: the new value, then the default.
    public var wrappedValue: T {
        get { location.box.currentValue.value }
        nonmutating set { location.box.pulse(newValue) }
    }

    /// The actions as they arrive, without the leading defaults (later defaults — the end of each pulse —
    /// are delivered; views ignore them with `default: break`).
    public var projectedValue: AnyPublisher<T, Never> {
        location.box.currentValue
            .drop(while: { $0 == T.default })
            .eraseToAnyPublisher()
    }

    /// Adopts the position's box and subscribes it, once, to the environment's action source.
    public func link(to slot: DynamicPropertySlot) {
        let current = location.box
        let box = slot.storage { current }
        location.box = box
        box.connect(to: slot.environment.actionSource)
    }
}

@available(*, unavailable, message: "an action's subjects live on the room's executor")
extension Action: Sendable {}

/// What one `@Action` position owns: its current value and its subscription to the room's actions.
final class ActionBox<T: InnerViewAction>: Cancellable {
    let currentValue: CurrentValueSubject<T, Never>
    private var subscription: AnyCancellable?
    private weak var source: ActionSource?

    init(_ receivedValue: T) {
        currentValue = CurrentValueSubject(receivedValue)
    }

    /// The seed's setter: set, then reset, both delivered synchronously.
    func pulse(_ newValue: T) {
        currentValue.value = newValue
        currentValue.value = T.default
    }

    func connect(to newSource: ActionSource?) {
        guard newSource !== source || subscription == nil else { return }
        subscription?.cancel()
        source = newSource
        // Synchronous on the room's executor: the seed's `.subscribe(on: DispatchQueue.main)` is the room here.
        subscription = newSource?.actions
            .compactMap { receivedAction in receivedAction as? T }
            .sink { [weak self] action in self?.pulse(action) }
    }

    func cancel() {
        subscription?.cancel()
        subscription = nil
        source = nil
    }
}
