import AppSeam
import PlaygroundUI
import RoomServices

/// A VVSI app written down for a room's snapshot, for any `Codable` state: the state's own fields, the alert's
/// message (`alert`), where each of the app's random sequences stands, by name, and the lists the app adds (the
/// pitfall switches on) — one JSON object, keys sorted.
extension ViewStateHost where Interactor.S: Codable {
    /// The checkpoint; nil while an action runs or waits (the room folds later).
    public func checkpoint(randoms: [String: RandomSource], adding lists: [String: [String]] = [:]) -> String? {
        guard isAtRest else { return nil }
        return Checkpoint.write(
            Saved(state: viewState.state, alert: host.presentedAlertText?.message, positions: randoms.mapValues(\.position), lists: lists))
    }

    /// Restores what ``checkpoint(randoms:adding:)`` wrote into this fresh app: the state (once `validate` accepts
    /// it), the alert sent again as the interactor once sent it (`alert` makes the notification), each random
    /// sequence; returns the lists it added.
    public func restore(
        _ text: String, app: String, randoms: [String: RandomSource], alert: (String) -> Interactor.N,
        validate: (Interactor.S) throws(CheckpointError) -> Void = { _ in }
    ) throws(CheckpointError) -> [String: [String]] {
        let saved = try Checkpoint.read(Saved<Interactor.S>.self, from: text, app: app)
        try validate(saved.state)
        for name in randoms.keys where saved.positions[name] == nil {
            throw CheckpointError("the \(app) app's checkpoint has no position of its \(name) sequence")
        }
        guard !isUnmounted else { return saved.lists }
        viewState.restore(saved.state, notifications: saved.alert.map { [alert($0)] } ?? [])
        for (name, source) in randoms { source.restore(position: saved.positions[name]!) }
        _ = host.render(RenderContext(formAction: ""))
        return saved.lists
    }
}

/// The state's fields with the others beside them in one object (what the samples' own checkpoints wrote).
private struct Saved<State: Codable>: Codable {
    var state: State
    var alert: String?
    var positions: [String: UInt64]
    var lists: [String: [String]]

    init(state: State, alert: String?, positions: [String: UInt64], lists: [String: [String]]) {
        (self.state, self.alert, self.positions, self.lists) = (state, alert, positions, lists)
    }

    init(from decoder: any Decoder) throws {
        state = try State(from: decoder)
        let container = try decoder.container(keyedBy: Key.self)
        alert = try container.decodeIfPresent(String.self, forKey: Key("alert"))
        (positions, lists) = ([:], [:])
        for key in container.allKeys where key.stringValue != "alert" {
            if let position = try? container.decode(UInt64.self, forKey: key) { positions[key.stringValue] = position }
            if let list = try? container.decode([String].self, forKey: key) { lists[key.stringValue] = list }
        }
    }

    func encode(to encoder: any Encoder) throws {
        try state.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encodeIfPresent(alert, forKey: Key("alert"))
        for (name, position) in positions { try container.encode(position, forKey: Key(name)) }
        for (name, list) in lists { try container.encode(list, forKey: Key(name)) }
    }

    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
