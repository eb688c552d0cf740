import AppSeam
import PlaygroundHTTP
import PlaygroundJournal
import PlaygroundUI

// Inputs and actions: an event decoded from HTTP or a press on the page, applied to its app and journaled.
extension Room {
    /// Feeds one decoded input into its app and sends what changed; returns the patch's sequence number.
    func apply(_ input: DecodedInput, source: EventSource, client: String? = nil) throws(HTTPError) -> UInt64 {
        settlesWrites = true
        defer { settlesWrites = false }
        try checkOpen()
        try checkJournal(client: client)
        currentClient = client
        defer { currentClient = nil }
        renderAllIfNeeded()  // drawn before any input (rooms are drawn as they are made), as a replay draws it
        let before = beforeStep()
        let app = app(input.appIndex)
        app.teaching.trace.nextStep = journalMode == .off ? nil : steps + 1  // a room without history links no step
        defer { app.teaching.trace.nextStep = nil }
        do {
            try app.handle(input, from: source)
            if journalMode != .off {  // the envelope is written back only for a journal
                let fields = blueprint.registry.apps[input.appIndex].envelopeFields(of: input).map { JournalEntry.Field(name: $0.name, value: $0.value) }
                var entry = JournalEntry(step: 0, time: 0, kind: .input, app: input.appID, source: source.rawValue, fields: fields)
                entry.stages = app.teaching.lastStep().stages.nilIfEmpty
                record(entry, before: before)
            }
        } catch {
            let status: HTTPStatus =
                switch error.kind {
                case .conflict: .conflict
                case .busy: .serviceUnavailable
                case .notFound: .notFound
                }
            throw HTTPError(status, code: error.code, message: error.message)
        }
        publishChanges(of: input.appIndex)
        return seq
    }

    /// Runs the closure of an app's control, as a press on the page does, and sends what changed; returns the
    /// patch's sequence number. A control that is gone answers 409, a value it does not take 400.
    func perform(_ post: ActionPost, appIndex: Int, client: String? = nil) throws(HTTPError) -> UInt64 {
        settlesWrites = true
        defer { settlesWrites = false }
        try checkOpen()
        try checkJournal(client: client)
        currentClient = client
        defer { currentClient = nil }
        renderAllIfNeeded()
        let before = beforeStep()
        let app = app(appIndex)
        app.teaching.trace.nextStep = journalMode == .off ? nil : steps + 1  // a room without history links no step
        defer { app.teaching.trace.nextStep = nil }
        switch app.perform(action: post.action, value: post.value) {
        case .performed:
            var entry = JournalEntry(
                step: 0, time: 0, kind: .action, app: blueprint.registry.apps[appIndex].about.id, source: EventSource.browser.rawValue,
                action: post.action, value: post.value)
            (entry.label, entry.stages) = Self.named(app.teaching.lastStep())
            record(entry, before: before)
            publishChanges(of: appIndex)
            return seq
        case .stale(let message):
            throw HTTPError(.conflict, code: "stale_action", message: message)
        case .invalid(let message):
            throw HTTPError(.badRequest, code: "invalid_action_value", message: message)
        }
    }
}

extension Room {
    /// A press's journal label (what its trace row calls it, as its curl twin is called) and stages.
    static func named(_ step: (event: String?, stages: [String])) -> (label: String?, stages: [String]?) {
        (step.event.map { String($0.prefix(200)) }, step.stages.nilIfEmpty)
    }
}

extension Array {
    var nilIfEmpty: Self? { isEmpty ? nil : self }
}
