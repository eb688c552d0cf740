import Foundation
import PlaygroundHTTP
import PlaygroundJournal
import Synchronization

/// Who presents a room and what they set: digests of presenter tokens, the lock, the spotlight. Kept beside the
/// rooms (a hibernated room's `Room` is dropped, its presenters are not) and in the journal's own table, never in
/// its steps.
struct PresenterState: Sendable {
    var owners: [PresenterToken.Digest] = []
    /// Co-presenter invitations not yet spent (memory only: a restart voids them).
    var invites: [(digest: PresenterToken.Digest, expires: ContinuousClock.Instant)] = []
    var locked = false
    /// The app id of the pane the presenter points the watchers at.
    var spotlight: String?
    /// Whether the room is in the journal: only then is its record saved (a room nobody used is never written, so
    /// `GET /` costs no write and the table holds no room the journal does not).
    var journaled = false

    /// Compares against every digest (no early exit), each in constant time.
    func presents(_ digest: PresenterToken.Digest) -> Bool {
        owners.reduce(false) { found, owner in owner.matches(digest) || found }
    }

    fileprivate struct Record: Codable {
        var owners: [String]
        var locked: Bool
        var spotlight: String?
    }
}

final class PresenterLedger: Sendable {
    /// Presenters a room may have (its owner and co-presenters); invitations pending at once.
    static let maxPresenters = 16
    static let maxInvites = 4
    static let inviteLifetime = Duration.seconds(15 * 60)

    private let states = Mutex<[RoomID: PresenterState]>([:])
    private let store: (any JournalStore)?

    init(store: (any JournalStore)? = nil) {
        self.store = store
        guard let records = try? store?.allPresenters() else { return }
        var states: [RoomID: PresenterState] = [:]
        for (id, text) in records {
            guard let record = try? JSONDecoder().decode(PresenterState.Record.self, from: Data(text.utf8)) else { continue }
            states[id] = PresenterState(
                owners: record.owners.compactMap(PresenterToken.Digest.init(hex:)), locked: record.locked, spotlight: record.spotlight,
                journaled: true)
        }
        self.states.withLock { $0 = states }
    }

    func state(of room: RoomID) -> PresenterState {
        states.withLock { $0[room] ?? PresenterState() }
    }

    /// Changes the room's state; what a restart keeps (owners, lock, spotlight) is saved when it changed.
    @discardableResult
    func change<Result>(_ room: RoomID, _ body: (inout PresenterState) throws(HTTPError) -> Result) throws(HTTPError) -> Result {
        let (result, record) = try states.withLock { states throws(HTTPError) -> (Result, String?) in
            var state = states[room] ?? PresenterState()
            let before = Self.record(state)
            let result = try body(&state)
            states[room] = state
            let after = Self.record(state)
            return (result, after == before || !state.journaled ? nil : after)
        }
        if let record { store?.savePresenters(room, record: record) }
        return result
    }

    /// A new owner token for a room just made (`GET /`, a fork, an import): the room's only presenter.
    func own(_ room: RoomID) -> PresenterToken {
        let token = PresenterToken.mint()
        let digest = token.digest
        try? change(room) { state throws(HTTPError) in
            state.owners = [digest]
            state.invites = []
            (state.locked, state.spotlight) = (false, nil)
        }
        return token
    }

    /// The room's journal has started: its record is saved from now on (and now).
    func journalStarted(_ room: RoomID) {
        let record = states.withLock { states -> String? in
            var state = states[room] ?? PresenterState()
            guard !state.journaled else { return nil }
            state.journaled = true
            states[room] = state
            return Self.record(state)
        }
        if let record { store?.savePresenters(room, record: record) }
    }

    func forget(_ room: RoomID) {
        let known = states.withLock { $0.removeValue(forKey: room) != nil }
        if known { store?.savePresenters(room, record: nil) }
    }

    private static func record(_ state: PresenterState) -> String {
        let record = PresenterState.Record(owners: state.owners.map(\.hex), locked: state.locked, spotlight: state.spotlight)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(record)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
