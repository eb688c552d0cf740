import ListViewVVSI
import PlaygroundHTTP
import PlaygroundUI
import VVSIRuntime

/// The VVSI ListView in one room: a posted action goes to `viewState.trigger`, the interactor runs it
/// (in its own task, as the seed's do) and every `updater` call lands on the room's executor.
final class VVSIPane: Pane {
    static let appName = ListViewEvent.appName
    let app = ListViewEvent.appName
    let title = "VVSI · View, ViewState, Interactor — a list"
    let summary =
        "Add, Remove and Random are actions: ViewState.trigger hands each to the Interactor, whose updater "
        + "changes the state once per call; errors come back as notifications and show as an alert. Actions run one at "
        + "a time here, so two fast Adds can never pass the 5-item check together (the seed's race)."
    let sourceFiles: [SourceFile]
    private let instance: ListViewInstance
    let teaching = Teaching(
        flow: FlowStrip(
            id: "vvsi-flow", title: "Flow",
            stages: [
                .init(name: "View / HTTP", detail: "a press or a POST"),
                .init(name: "trigger", detail: "viewState.trigger(action)"),
                .init(name: "Interactor.execute", detail: "state(), then work in a task"),
                .init(name: "updater", detail: "mutates once, on the room"),
                .init(name: "state", detail: "published"),
                .init(name: "View", detail: "re-rendered, patched over SSE"),
                .init(name: "notifications", detail: "interactor → view (async)"),
                .init(name: "alert", detail: ".onReceive → alertType"),
            ]),
        traceID: "vvsi-trace")

    /// Most actions waiting behind the running one; more are refused with 503.
    static let maxPendingActions = 256

    init(isolation: any Actor, randomSeed: UInt64?, sourceFiles: [SourceFile]) {
        instance = ListViewInstance(
            isolation: isolation, random: randomSeed.map { RandomSource(seed: $0) } ?? RandomSource(),
            maxPendingActions: Self.maxPendingActions)
        self.sourceFiles = sourceFiles
        instance.observer = { [weak self] event in self?.observe(event) }
    }

    /// Called on the room's executor after an asynchronous update or notification.
    var onChange: (() -> Void)? {
        get { instance.onChange }
        set { instance.onChange = newValue }
    }

    /// Validates name and arguments with the sample's own rules; touches no state.
    static func decode(_ envelope: EventEnvelope) throws(HTTPError) -> ListViewEvent {
        do {
            return try ListViewEvent(name: envelope.event, arguments: envelope.arguments.mapValues { $0.integer })
        } catch {
            throw HTTPError(.badRequest, code: error.code.rawValue, message: error.message)
        }
    }

    /// Triggers the action, or dismisses the alert; 409 when there is no alert, 503 when the queue is full.
    func handle(_ event: ListViewEvent, source: EventSource) throws(HTTPError) {
        guard let action = event.action else {
            guard instance.dismissAlert() else {
                throw HTTPError(
                    .conflict, code: "no_alert",
                    message: "No alert is shown, so there is nothing to dismiss; dismissAlert answers an alert.")
            }
            teaching.trace.record(source: source, event: "dismissAlert", became: ["alertType = nil (the alert's Ok)"])
            teaching.flow.lit = [0, 7]
            teaching.flow.caption = "Ok dismissed the alert in every tab."
            return
        }
        // Recorded first: trigger may start the action at once, and its steps belong to this entry.
        teaching.trace.record(source: source, event: String(describing: action), became: [])
        let result = instance.trigger(action)
        guard result.isAccepted else {
            teaching.trace.removeNewest()
            throw HTTPError(
                .serviceUnavailable, code: "action_queue_full",
                message: "\(Self.maxPendingActions) actions are already waiting in this room; try again in a moment.")
        }
        teaching.flow.lit = [0, 1, 2]
        teaching.flow.caption =
            "\(String(describing: action)) from \(source == .browser ? "the page" : "HTTP") was handed to the Interactor."
    }

    private func observe(_ event: ListViewInstance.Observation) {
        switch event {
        case .actionQueued(let action, let position):
            teaching.trace.appendStep("\(action) queued behind \(position) action(s)")
        case .actionRejected(let action):
            teaching.trace.appendStep("\(action) refused: queue full")
        case .actionStarted(let id, let action):
            teaching.trace.appendStep("execute #\(id) \(action)")
        case .stateUpdated(let id, let before, let after, let duration):
            teaching.trace.appendStep("updater #\(id): \(before.items.count) → \(after.items.count) items in \(Self.micros(duration)) µs")
            teaching.flow.lit = [2, 3, 4, 5]
            teaching.flow.caption = "The updater changed the state (\(after.items.count) items) and the view was re-rendered."
        case .notification(let notification):
            teaching.trace.appendStep("notification \(notification)")
            teaching.flow.lit = [2, 6, 7]
            teaching.flow.caption = "The Interactor sent \(notification): the view shows it as an alert until someone presses Ok."
        case .actionFinished(let id, _, let duration):
            teaching.trace.appendStep("#\(id) finished after \(Self.micros(duration)) µs")
        }
    }

    private static func micros(_ duration: Duration) -> Int {
        Int(duration.components.seconds) * 1_000_000 + Int(duration.components.attoseconds / 1_000_000_000_000)
    }

    func renderView(_ context: RenderContext) -> RenderedView {
        instance.render(context)
    }

    var curlTwins: [CurlTwin] {
        [
            CurlTwin(label: "Add", body: #"{"app":"vvsi","event":"add"}"#),
            CurlTwin(label: "Remove", body: #"{"app":"vvsi","event":"remove"}"#),
            CurlTwin(label: "Random (count 1…9, length 1…4)", body: #"{"app":"vvsi","event":"random","count":3,"length":4}"#),
            CurlTwin(label: "Ok (dismiss the alert)", body: #"{"app":"vvsi","event":"dismissAlert"}"#),
        ]
    }

    var snapshot: JSONValue {
        let state = instance.snapshot
        return .object([
            ("items", .array(state.items.map(JSONValue.string))),
            ("alert", state.alert.map(JSONValue.string) ?? .null),
            ("pendingActions", .int(state.pendingActions)),
            ("actionRunning", .bool(state.actionRunning)),
        ])
    }

    func unmount() {
        instance.unmount()
    }
}
