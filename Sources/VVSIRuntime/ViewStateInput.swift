import AppSeam

/// An app's input whose events are the buttons' actions: ``action`` is the one mapping onto what a button's closure
/// triggers; nil is the alert's Ok, or `setPitfall` (the switch ``ViewStateHost/switches(_:bites:)`` gave the app).
public protocol ViewStateInput: AppInput {
    associatedtype Action
    /// The action this event triggers, as its button does; nil for the alert's Ok and the pitfall switch.
    var action: Action? { get }
}

extension ViewStateHost {
    /// An input from HTTP (``VVSIHostedApp``'s default `handle`): its action triggered as its button does, the
    /// alert's Ok, or the pitfall switch.
    public func handle(input: any ViewStateInput, from source: EventSource) throws(AppError) {
        if let switches = pitfallSwitches, let (on, name) = (input as? any PitfallSwitchCarrying)?.pitfallSwitch {
            return setPitfall(on, pitfall: name, switches: switches, from: source)
        }
        guard let action = input.anyAction else { return try dismissAlert(from: source) }
        guard let action = action as? Interactor.A else { preconditionFailure("\(type(of: input)) maps onto another interactor's actions") }
        try handle(action, from: source)
    }

    /// The message of the alert shown, or nil.
    public var alert: String? { host.presentedAlertText?.message }
}

extension ViewStateInput {
    var anyAction: Any? { action }
}

extension EventDeclaration {
    /// The alert's Ok (``ViewStateHost/dismissAlert(from:)``).
    public static let dismissAlert = EventDeclaration("dismissAlert", "VVSI: the alert's Ok. 409 `no_alert` when no alert is shown.")

    /// What ``ViewStateHost/handle(_:from:)`` answers when `limit` actions already wait.
    public static func queueFull(_ limit: Int) -> String { "503 `action_queue_full` when \(limit) actions already wait." }
}

/// A sample's events plus the runtime's `setPitfall` (`typealias Input = PitfallSwitchInput<ListViewEvent>`): the switch
/// is the host's, every other event triggers its action.
extension PitfallSwitchInput: ViewStateInput where Base: ViewStateInput {
    public var action: Base.Action? {
        if case .app(let base) = self { base.action } else { nil }
    }
}
