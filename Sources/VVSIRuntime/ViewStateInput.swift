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

extension ViewStateInput where Self: PitfallSwitchable & Codable {
    /// `setPitfall`'s `on` and `pitfall`, read off the event's envelope fields.
    public var pitfallSwitch: (on: Bool, pitfall: String?)? {
        guard eventName == "setPitfall" else { return nil }
        let fields = envelopeFields
        guard case .boolean(let on)? = fields.first(where: { $0.name == "on" })?.value else { return nil }
        if case .string(let name)? = fields.first(where: { $0.name == "pitfall" })?.value { return (on, name) }
        return (on, nil)
    }

    /// A `setPitfall` must name one of the app's pitfalls.
    public func validate() throws(AppInputError) { try Pitfall.check(self) }
}
