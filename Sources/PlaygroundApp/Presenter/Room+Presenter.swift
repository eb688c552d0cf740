import AppSeam
import PlaygroundHTTP
import PlaygroundJournal

// Presenter steps in the room: journaled like an input, sent to every tab as one live fragment.
extension Room {
    /// What a presenter asked: lock, unlock, or point the watchers at a pane (nil: at none).
    enum PresenterAction: Sendable, Equatable {
        case lock
        case unlock
        case spotlight(String?)

        var name: String {
            switch self {
            case .lock: "lock"
            case .unlock: "unlock"
            case .spotlight: "spotlight"
            }
        }
    }

    /// Applies `action` to the room's presenter state, journals it as a step and sends the live fragment to every tab.
    /// Returns the state after it.
    func presenterStep(_ action: PresenterAction, client: String?) throws(HTTPError) -> PresenterState {
        try checkOpen()
        try checkJournal()
        let state = try blueprint.presenters.change(id) { state throws(HTTPError) in
            Self.apply(action, to: &state)
            return state
        }
        var pane: String?
        if case .spotlight(let app) = action { pane = app }
        let before = beforeStep()
        currentClient = client
        defer { currentClient = nil }
        record(JournalEntry(step: 0, time: 0, kind: .presenter, app: "", source: "presenter", action: action.name, value: pane), before: before)
        publishPresenter(state)
        return state
    }

    static func apply(_ action: PresenterAction, to state: inout PresenterState) {
        switch action {
        case .lock: state.locked = true
        case .unlock: state.locked = false
        case .spotlight(let app): state.spotlight = app
        }
    }

    /// A recorded presenter step in a replay: kept in the replayed history; a past page's room takes its lock and
    /// spotlight from it. A restored, forked or imported room keeps its own (the ledger's: a fork starts unlocked).
    func applyPresenterStep(_ entry: JournalEntry, writing: Bool) throws(HTTPError) {
        let action: PresenterAction
        switch entry.action {
        case "lock": action = .lock
        case "unlock": action = .unlock
        case "spotlight":
            guard entry.value.map({ blueprint.registry.index(of: $0) != nil }) ?? true else {
                throw HTTPError(
                    .unprocessableContent, code: "invalid_step",
                    message: "step \(entry.step) spotlights \(quoted(entry.value ?? "")), which is not an app; apps: \(blueprint.registry.ids.joined(separator: ", ")).")
            }
            action = .spotlight(entry.value)
        default:
            throw HTTPError(
                .unprocessableContent, code: "invalid_step",
                message: "step \(entry.step) is a presenter step \(quoted(entry.action ?? "")); accepted: lock, unlock, spotlight.")
        }
        if journalMode == .memory { Self.apply(action, to: &replayedPresenter) }
        var kept = entry
        kept.step = steps + 1
        keep(kept, writing: writing)
    }

    /// The room's lock and spotlight as every tab shows them (a past page: as of its step).
    var presenterShown: PresenterState {
        journalMode == .memory ? replayedPresenter : blueprint.presenters.state(of: id)
    }

    /// Sends the live fragment to every tab (one patch, kept in the replay log like any other).
    func publishPresenter(_ state: PresenterState) {
        guard !closed else { return }
        seq += 1
        resyncCache = nil
        let message = SSEMessage(event: "patch", id: String(seq), data: PresenterView.live(state, room: id, registry: blueprint.registry))
        log.append(seq: seq, message: message)
        hub.publish(message)
    }
}
