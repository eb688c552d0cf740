import AppSeam
import PlaygroundUI

/// Opt-in, an EV app's own checkpoint: between inputs the actions are at rest, so an EV app's state is its views'
/// `@State` (the ones it names in ``savedStates``), where the room's random sequence stands and the pitfall switch
/// with its leaks. One JSON object, each state under its key beside `random`, `pitfalls` and `leaked`.
///
/// ```swift
/// static var savedStates: [SavedViewState<Root>] { [.init("left", \LeftScreen.color), .init("right", \RightScreen.color)] }
/// ```
public protocol EVCheckpointingApp: EVHostedApp, CheckpointingApp {
    /// The views' `@State` the checkpoint keeps (their view types must be among the instance's `inspecting`).
    static var savedStates: [SavedViewState<Root>] { get }
    /// After a restore wrote the views' state: refuses a state the app never shows (a checkpoint is a client's text
    /// too), and sets what else that state drives (the catalog's fault settings).
    func didRestore() throws(CheckpointError)
}

extension EVCheckpointingApp {
    public func didRestore() throws(CheckpointError) {}

    public func checkpoint() -> String? {
        instance.mount()
        let states = Self.savedStates.compactMap { state in state.read(host).map { (state.key, $0) } }
        return AppSeam.Checkpoint.write(EVSavedStates(states: states, instance: instance))
    }

    /// Draws the views, then writes their `@State` back, as they were; a key a checkpoint lacks leaves its default.
    public func restore(_ text: String) throws(CheckpointError) {
        let app = Self.about.id
        let saved = try AppSeam.Checkpoint.read(EVSavedReader.self, from: text, app: app).container
        instance.mount()
        do {
            for state in Self.savedStates { try state.write(host, saved, app) }
            if let random = instance.random { random.restore(position: try saved.decode(UInt64.self, forKey: .init("random"))) }
            let onNames = try saved.decodeIfPresent([String].self, forKey: .init("pitfalls")) ?? []
            let leaked = try saved.decodeIfPresent(Int.self, forKey: .init("leaked")) ?? 0
            try instance.restorePitfall(onNames: onNames, leaked: leaked, app: app)
        } catch let error as CheckpointError {
            throw error
        } catch {
            throw CheckpointError("the \(app) app's checkpoint is not one it writes (\(String(describing: error).prefix(160)))")
        }
        try didRestore()
    }
}

/// One `@State` of a drawn view that an EV checkpoint keeps under `key`, read from and written to the first drawn
/// view of its type as the view's own code does.
public struct SavedViewState<Root: View> {
    let key: String
    let read: (ViewHost<Root>) -> (any Encodable)?
    let write: (ViewHost<Root>, KeyedDecodingContainer<NameKey>, String) throws -> Void

    /// The `@State` at `path` (`\LeftScreen.color`).
    public init<V: View, Value: Codable>(_ key: String, _ path: ReferenceWritableKeyPath<V, Value>) {
        self.key = key
        read = { host in host.view(V.self).map { $0[keyPath: path] } }
        write = { host, saved, _ in
            guard let view = host.view(V.self), let value = try saved.decodeIfPresent(Value.self, forKey: NameKey(key)) else { return }
            view[keyPath: path] = value
        }
    }

    /// A `@State` set (`favourites`), kept sorted: the same state always reads the same.
    public init<V: View, Element: Codable & Comparable>(_ key: String, _ path: ReferenceWritableKeyPath<V, Set<Element>>) {
        self.key = key
        read = { host in host.view(V.self).map { $0[keyPath: path].sorted() } }
        write = { host, saved, _ in
            guard let view = host.view(V.self), let value = try saved.decodeIfPresent([Element].self, forKey: NameKey(key)) else { return }
            view[keyPath: path] = Set(value)
        }
    }

    /// The `@State` at `path` of a plain enum the article does not make `Codable` (`TabItem`): kept as its case's
    /// name, one of `cases`.
    public init<V: View, Value>(_ key: String, _ path: ReferenceWritableKeyPath<V, Value>, cases: [Value]) {
        self.key = key
        read = { host in host.view(V.self).map { "\($0[keyPath: path])" } }
        write = { host, saved, app in
            guard let view = host.view(V.self), let name = try saved.decodeIfPresent(String.self, forKey: NameKey(key)) else { return }
            guard let value = cases.first(where: { "\($0)" == name }) else {
                throw CheckpointError("the \(app) app has no \(key) \(quoted(name))")
            }
            view[keyPath: path] = value
        }
    }
}

/// What an EV checkpoint writes: the states (a nil one left out, as journals written before hold it), the random
/// position, the switches on and the subscriptions leaked.
private struct EVSavedStates: Encodable {
    let states: [(String, any Encodable)]
    let random: UInt64?
    let pitfalls: [String]
    let leaked: Int

    init<EventEnum, Root>(states: [(String, any Encodable)], instance: EVAppInstance<EventEnum, Root>) {
        (self.states, random) = (states, instance.random?.position)
        (pitfalls, leaked) = (instance.pitfallSwitches.onNames, instance.actionSource.leakedSubscriptionCount)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NameKey.self)
        for (key, value) in states where !((value as? any OptionalValue)?.isNone ?? false) {
            try container.encode(value, forKey: NameKey(key))
        }
        try container.encodeIfPresent(random, forKey: NameKey("random"))
        try container.encode(pitfalls, forKey: NameKey("pitfalls"))
        try container.encode(leaked, forKey: NameKey("leaked"))
    }
}

/// An EV checkpoint's object, read once its app's states say what each key holds.
private struct EVSavedReader: Decodable {
    let container: KeyedDecodingContainer<NameKey>
    init(from decoder: any Decoder) throws { container = try decoder.container(keyedBy: NameKey.self) }
}

private protocol OptionalValue { var isNone: Bool { get } }
extension Optional: OptionalValue {
    fileprivate var isNone: Bool { if case .none = self { true } else { false } }
}
