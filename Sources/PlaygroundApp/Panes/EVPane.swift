import EVRuntime
import PlaygroundHTTP
import PlaygroundUI
import RandomColorEV

/// The EV RandomColor app in one room: an event posted from the page or curl goes into the room's
/// `eventSubject`, exactly as the seed's button closure does.
final class EVPane: Pane {
    /// A validated EV event, ready to cross into the room (the sample's `EventEnum` by name).
    struct Event: Sendable {
        let name: String
    }

    static let appName = RandomColorEVApp.appName
    let app = RandomColorEVApp.appName
    let title = "EV · Enum + View"
    let summary =
        "One Event, several Actions: the button sends .changeBothSidesColors into eventSubject; "
        + "actionsByEvent turns it into one action for Left and one for Right; each @Action pulses and its screen picks a colour."
    let sourceFiles: [SourceFile]
    private let instance: RandomColorEVInstance
    private var knownActionNames: [String: [String]] = [:]
    let teaching = Teaching(
        flow: FlowStrip(
            id: "ev-flow", title: "Flow",
            stages: [
                .init(name: "View / HTTP", detail: "a press or a POST"),
                .init(name: "eventSubject", detail: ".send(event)"),
                .init(name: "actionsByEvent", detail: "event → [InnerViewAction]"),
                .init(name: "@Action", detail: "set, then reset to .default"),
                .init(name: ".onReceive", detail: "the screen updates its @State"),
                .init(name: "View", detail: "re-rendered, patched over SSE"),
            ]),
        traceID: "ev-trace")

    init(randomSeed: UInt64?, sourceFiles: [SourceFile]) {
        let colors = randomSeed.map { RandomColorSource(seed: $0) } ?? RandomColorSource()
        instance = RandomColorEVInstance(randomColor: colors)
        self.sourceFiles = sourceFiles
    }

    /// Checks the event name and that no arguments came with it; touches no state.
    static func decode(_ envelope: EventEnvelope) throws(HTTPError) -> Event {
        guard EventEnum(name: envelope.event) != nil else {
            throw HTTPError(
                .badRequest, code: "unknown_event",
                message:
                    "The ev app has no event \(EventEnvelope.quoted(envelope.event)); accepted: \(EventEnum.acceptedNames.joined(separator: ", "))."
            )
        }
        if let extra = envelope.arguments.keys.sorted().first {
            throw HTTPError(
                .badRequest, code: "unexpected_argument",
                message:
                    "The ev event \(envelope.event) takes no arguments, but \(EventEnvelope.quoted(extra)) was given; send only app and event."
            )
        }
        return Event(name: envelope.event)
    }

    /// Sends the event into `eventSubject`; the actions run synchronously before this returns.
    func handle(_ event: Event, source: EventSource) {
        guard let event = EventEnum(name: event.name) else { return }
        let actions = actionNames(of: event)
        teaching.trace.record(source: source, event: ".\(event.name)", became: actions.map { "@Action ← \($0)" })
        teaching.flow.lit = actions.isEmpty ? [0, 1, 2] : Set(teaching.flow.stages.indices)
        teaching.flow.caption = ".\(event.name) from \(source == .browser ? "the page" : "HTTP") became \(actions.count) action(s); "
        instance.send(event)
        teaching.flow.caption += "\(instance.actionSource.liveSubscriptionCount) live @Action subscriptions, each owned by its view."
    }

    func renderView(_ context: RenderContext) -> RenderedView {
        instance.render(context)
    }

    var curlTwins: [CurlTwin] {
        EventEnum.postableEvents.map { event in
            CurlTwin(
                label: "Change colors (.\(event.name))",
                body: JSONValue.object([("app", .string(app)), ("event", .string(event.name))]).text)
        }
    }

    var snapshot: JSONValue {
        let state = instance.snapshot
        return .object([
            ("selectedTab", .string(state.selectedTab)),
            ("leftColor", state.leftColor.map(JSONValue.string) ?? .null),
            ("rightColor", state.rightColor.map(JSONValue.string) ?? .null),
            ("liveActionSubscriptions", .int(instance.actionSource.liveSubscriptionCount)),
        ])
    }

    func unmount() {
        instance.unmount()
    }

    /// The names of the actions `event` triggers, worked out once per event (`String(reflecting:)` goes through
    /// reflection, ~1.5 % of the server's CPU per event); bounded by the number of event cases.
    private func actionNames(of event: EventEnum) -> [String] {
        if let known = knownActionNames[event.name] { return known }
        let names = EventEnum.actionsByEvent(event).map(Self.describe)
        knownActionNames[event.name] = names
        return names
    }

    /// `LeftScreen.InnerAction.changeLeftColor`, without the module name.
    private static func describe(_ action: any InnerViewAction) -> String {
        let full = String(reflecting: action)
        return full.split(separator: ".", maxSplits: 1).last.map(String.init) ?? full
    }
}
