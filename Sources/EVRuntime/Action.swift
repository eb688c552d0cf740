import OpenCombine
import PlaygroundUI
import RoomServices

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

    /// An action starting at `receivedValue` (usually `.initial`, the default); `file` and `line` are where the view
    /// declares it, which its stage names.
    public init(_ receivedValue: T, file: StaticString = #fileID, line: UInt = #line) {
        location = Location(ActionBox(receivedValue, file: file, line: line))
    }

    /// The current action: at rest it is `T.default`. Setting it is a pulse: the new value, then the default.
    public var wrappedValue: T {
        get { location.box.currentValue.value }
        nonmutating set { location.box.pulse(newValue) }
    }

    /// The actions as they arrive, without the leading defaults (later defaults — the end of each pulse —
    /// are delivered; views ignore them with `default: break`), for `.onReceive($action)`.
    public var projectedValue: ActionPublisher<T> {
        ActionPublisher(publisher: location.box.currentValue.drop(while: { $0 == T.default }).eraseToAnyPublisher())
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
    private let file: StaticString
    private let line: UInt
    /// The last action received and its stage text, so a repeated action builds no string.
    private var lastText: (action: T, text: String)?

    init(_ receivedValue: T, file: StaticString, line: UInt) {
        currentValue = CurrentValueSubject(receivedValue)
        (self.file, self.line) = (file, line)
    }

    /// An action from the room's events: reported at the view's `@Action`, then pulsed.
    private func receive(_ action: T) {
        Stages.record(EVStage.action, text(action), file: file, line: line)
        pulse(action)
    }

    private func text(_ action: T) -> String {
        if let lastText, lastText.action == action { return lastText.text }
        let text = "@Action ← \(typeName(T.self)).\(action)"
        lastText = (action, text)
        return text
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
            .sink { [weak self] action in self?.receive(action) }
    }

    func cancel() {
        subscription?.cancel()
        subscription = nil
        source = nil
    }
}

/// `LeftScreen.InnerAction`: the type's name without its module.
func typeName(_ type: Any.Type) -> String {
    let full = String(reflecting: type)
    return full.split(separator: ".", maxSplits: 1).last.map(String.init) ?? full
}

/// An `@Action`'s `$action`: its actions as a publisher. Not a `Publisher` itself, so `.onReceive($action)` can only
/// be the overload below, which reports the handler's line (a generic one without default arguments would win).
public struct ActionPublisher<T: InnerViewAction> {
    /// The actions (see ``Action/projectedValue``).
    public let publisher: AnyPublisher<T, Never>
}

extension View {
    /// The article's `.onReceive($action) { newAction in … }`: the view's handler, reported as a stage at its line for
    /// every action (not for the return to `.default`, which views ignore).
    public func onReceive<T: InnerViewAction>(
        _ actions: ActionPublisher<T>, file: StaticString = #fileID, line: UInt = #line, perform action: @escaping (T) -> Void
    ) -> some View {
        // The last action's text is kept: describing an enum case goes through reflection, and this runs per event.
        var last: (action: T, text: String)?
        return onReceive(
            actions.publisher.handleEvents(receiveOutput: { received in
                guard received != T.default else { return }
                Stages.record(EVStage.onReceive, Self.text(received, &last), file: file, line: line)
            }), perform: action)
    }

    private static func text<T: InnerViewAction>(_ action: T, _ last: inout (action: T, text: String)?) -> String {
        if let last, last.action == action { return last.text }
        let text = ".onReceive($action) → .\(action)"
        last = (action, text)
        return text
    }
}
