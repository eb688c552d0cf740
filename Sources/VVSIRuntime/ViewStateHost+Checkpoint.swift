import AppSeam
import Foundation
import PlaygroundUI
import RoomServices

/// One field of a view state (or of an interactor) as a checkpoint keeps it, under its name: what `Codable` would
/// synthesise, declared once where the type lives in another file (synthesis does not cross files).
///
/// ```swift
/// .field("items", \.items)
/// ```
public struct StateField<Root> {
    let write: (Root, inout KeyedEncodingContainer<NameKey>) throws -> Void
    let read: (inout Root, KeyedDecodingContainer<NameKey>) throws -> Void
    /// What a read field holds more than the app ever writes (`"300 items"`, at most 261), nil when it fits.
    var excess: (Root) -> (holds: String, most: Int)? = { _ in nil }

    /// The field at `path`, written as its own `Codable` writes it.
    public static func field<Value: Codable>(_ name: String, _ path: WritableKeyPath<Root, Value>) -> StateField {
        field(name, path, as: { $0 }, { $0 })
    }

    /// A collection field the app never fills past `most` elements: a checkpoint holding more is refused.
    public static func field<Value: Codable & Collection>(
        _ name: String, _ path: WritableKeyPath<Root, Value>, atMost most: Int
    ) -> StateField {
        var field = field(name, path)
        field.excess = { root in root[keyPath: path].count > most ? ("\(root[keyPath: path].count) \(name)", most) : nil }
        return field
    }

    /// The field at `path`, written as `Saved`, a `Codable` mirror of a value that is not `Codable` itself.
    public static func field<Value, Saved: Codable>(
        _ name: String, _ path: WritableKeyPath<Root, Value>, as saved: @escaping (Value) -> Saved, _ restored: @escaping (Saved) -> Value
    ) -> StateField {
        StateField(write: { try $1.encode(saved($0[keyPath: path]), forKey: NameKey(name)) }) { root, container in
            root[keyPath: path] = restored(try container.decode(Saved.self, forKey: NameKey(name)))
        }
    }
}

/// What a VVSI app's checkpoint keeps, one JSON object with sorted keys: the state's fields, the alert's message
/// (`alert`), where each random sequence stands (by name), the pitfall switches on (`pitfalls`, for an app with
/// switches) and any of the interactor's own fields.
public struct ViewStateCheckpoint<Interactor: ViewStateInteractorProtocol> {
    let fields: [StateField<Interactor.S>]
    let interactorFields: [StateField<Interactor>]
    let randoms: [String: RandomSource]
    let alert: ((String) -> Interactor.N)?
    let validate: (Interactor.S) throws(CheckpointError) -> Void

    /// `alert` makes the notification that showed an alert's message (a restore sends it again); `validate` refuses a
    /// state the app never holds.
    public init(
        _ fields: [StateField<Interactor.S>], interactor interactorFields: [StateField<Interactor>] = [],
        randoms: [String: RandomSource] = [:], alert: ((String) -> Interactor.N)? = nil,
        validate: @escaping (Interactor.S) throws(CheckpointError) -> Void = { _ in }
    ) {
        (self.fields, self.interactorFields, self.randoms, self.alert, self.validate) = (fields, interactorFields, randoms, alert, validate)
    }
}

extension ViewStateHost {
    /// The checkpoint; nil while an action runs or waits (the room folds later).
    public func checkpoint() -> String? {
        guard let saved = checkpointKeeps else { preconditionFailure("\(Root.self): checkpoint() without checkpointing(_:)") }
        guard isAtRest else { return nil }
        let (state, interactor, alert) = (viewState.state, viewState.interactor, host.presentedAlertText?.message)
        return Checkpoint.write(
            Written { container in
                for field in saved.fields { try field.write(state, &container) }
                for field in saved.interactorFields { try field.write(interactor, &container) }
                try container.encodeIfPresent(alert, forKey: NameKey("alert"))
                for (name, source) in saved.randoms { try container.encode(source.position, forKey: NameKey(name)) }
                if let switches = self.pitfallSwitches { try container.encode(switches.onNames, forKey: NameKey("pitfalls")) }
            })
    }

    /// Restores what ``checkpoint()`` wrote into this fresh app: the state (once `validate` accepts it), the alert
    /// sent again as the interactor once sent it, each random sequence, the interactor's fields and the switches.
    public func restore(_ text: String, app: String) throws(CheckpointError) {
        guard let saved = checkpointKeeps else { preconditionFailure("\(Root.self): restore(_:app:) without checkpointing(_:)") }
        var (state, interactor) = (viewState.state, viewState.interactor)
        var (alert, positions, pitfalls): (String?, [String: UInt64], [String]) = (nil, [:], [])
        try Checkpoint.read(app: app, from: text) { container in
            for field in saved.fields { try field.read(&state, container) }
            for field in saved.interactorFields { try field.read(&interactor, container) }
            alert = try container.decodeIfPresent(String.self, forKey: NameKey("alert"))
            for name in saved.randoms.keys { positions[name] = try container.decodeIfPresent(UInt64.self, forKey: NameKey(name)) }
            pitfalls = try container.decodeIfPresent([String].self, forKey: NameKey("pitfalls")) ?? []
        }
        for field in saved.fields {
            guard let (holds, most) = field.excess(state) else { continue }
            throw CheckpointError("the \(app) app's checkpoint holds \(holds); it writes at most \(most)")
        }
        try saved.validate(state)
        for name in saved.randoms.keys where positions[name] == nil {
            throw CheckpointError("the \(app) app's checkpoint has no position of its \(name) sequence")
        }
        guard !isUnmounted else { return }
        viewState.restore(state, notifications: alert.flatMap { saved.alert?($0) }.map { [$0] } ?? [])
        for (name, source) in saved.randoms { source.restore(position: positions[name]!) }
        if let switches = pitfallSwitches { restorePitfall(switches, onNames: pitfalls) }
        _ = host.render(RenderContext(formAction: ""))
    }
}

/// A checkpoint's object, written field by field.
private struct Written: Encodable {
    let write: (inout KeyedEncodingContainer<NameKey>) throws -> Void

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NameKey.self)
        try write(&container)
    }
}

extension Checkpoint {
    /// Reads `text`'s one object with `body`; a ``CheckpointError`` naming what did not fit.
    static func read(
        app: String, from text: String, _ body: @escaping (KeyedDecodingContainer<NameKey>) throws -> Void
    ) throws(CheckpointError) {
        let decoder = JSONDecoder()
        decoder.userInfo[Reader.key] = Reader(body: body)
        _ = try read(Reader.Opened.self, from: text, app: app, decoder: decoder)
    }
}

/// Hands a checkpoint's keyed container to the code that reads it (`Decodable` gives it only inside `init(from:)`).
private final class Reader: @unchecked Sendable {
    static let key = CodingUserInfoKey(rawValue: "VVSIRuntime.checkpoint")!
    // Unchecked: used only during the one `decode` call that made it, on the caller's thread.
    let body: (KeyedDecodingContainer<NameKey>) throws -> Void

    init(body: @escaping (KeyedDecodingContainer<NameKey>) throws -> Void) { self.body = body }

    struct Opened: Decodable {
        init(from decoder: any Decoder) throws {
            guard let reader = decoder.userInfo[Reader.key] as? Reader else { preconditionFailure("a checkpoint read without its reader") }
            try reader.body(decoder.container(keyedBy: NameKey.self))
        }
    }
}

extension ViewStateHost {
    /// Lets the app write its own checkpoint (``checkpoint()``), keeping what `saved` names.
    public func checkpointing(_ saved: ViewStateCheckpoint<Interactor>) { checkpointKeeps = saved }
}
