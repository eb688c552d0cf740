import AppSeam
import EVRuntime
import OpenCombine
import PlaygroundUI
import RoomServices

/// Glue, not from the article: the RandomColorEV sample as a playground app. An input posted from the page or
/// curl goes into the room's `eventSubject`, exactly as the seed's button closure does.
public final class RandomColorEVPlayground: ViewHostedApp, CheckpointingApp {
    public static let about = AppAbout(
        id: RandomColorEVApp.appName, title: "EV · Enum + View",
        summary: "One Event, several Actions: the button sends .changeBothSidesColors into eventSubject; "
            + "actionsByEvent turns it into one action for Left and one for Right; each @Action pulses and its screen picks a colour.",
        sampleFolder: "RandomColorEV",
        articleFiles: ["RandomColorEVApp.swift", "CenterScreen.swift", "LeftScreen.swift", "RightScreen.swift", "ColorModel.swift", "EventEnum.swift"])

    /// The EV flow, from the article's diagram.
    public enum Stage: FlowStage {
        case request, eventSubject, actionsByEvent, action, onReceive, view

        public var name: String {
            switch self {
            case .request: "View / HTTP"
            case .eventSubject: "eventSubject"
            case .actionsByEvent: "actionsByEvent"
            case .action: "@Action"
            case .onReceive: ".onReceive"
            case .view: "View"
            }
        }

        public var detail: String {
            switch self {
            case .request: "a press or a POST"
            case .eventSubject: ".send(event)"
            case .actionsByEvent: "event → [InnerViewAction]"
            case .action: "set, then reset to .default"
            case .onReceive: "the screen updates its @State"
            case .view: "re-rendered, patched over SSE"
            }
        }
    }

    public let teaching = Teaching<Stage>(appID: RandomColorEVApp.appName)
    private let instance: RandomColorEVInstance
    private let random: RandomSource
    private var knownActionNames: [String: [String]] = [:]
    /// Who is sending now: a press on the page (the button's closure) or HTTP.
    private var source = EventSource.browser
    /// The teaching layer's own subscription to `eventSubject`, after the views' actions.
    private var watching: AnyCancellable?

    public init(services: AppServices) {
        random = services.makeRandomSource()
        instance = RandomColorEVInstance(randomColor: RandomColorSource(random: random))
        watching = instance.eventSubject.dropFirst().sink { [weak self] event in self?.sent(event) }
    }

    /// Sends the event into `eventSubject`, as the Center button's closure does; the actions run before this returns.
    public func handle(_ event: EventEnum, from source: EventSource) {
        self.source = source
        instance.send(event)
        self.source = .browser
    }

    /// The views; a press on the page runs the button's closure (`eventSubject.send(.changeBothSidesColors)`).
    public var host: ViewHost<RandomColorEVApp> { instance.host }

    /// Every event sent into `eventSubject`, from a closure or from HTTP, lands in the trace and lights the flow.
    private func sent(_ event: EventEnum) {
        let actions = actionNames(of: event)
        teaching.trace.record(source: source, event: ".\(event.name)", became: actions.map { "@Action ← \($0)" })
        let caption = ".\(event.name) from \(source.spoken) became \(actions.count) action(s); "
            + "\(instance.actionSource.liveSubscriptionCount) live @Action subscriptions, each owned by its view."
        teaching.flow.light(actions.isEmpty ? [.request, .eventSubject, .actionsByEvent] : Set(Stage.allCases), caption: caption)
    }

    public var snapshot: Snapshot {
        let state = instance.snapshot
        return Snapshot(
            selectedTab: state.selectedTab, leftColor: state.leftColor, rightColor: state.rightColor,
            liveActionSubscriptions: instance.actionSource.liveSubscriptionCount)
    }

    /// What `/state` shows under `ev`.
    public struct Snapshot: Codable {
        let selectedTab: String
        @Nullable var leftColor: String? = nil
        @Nullable var rightColor: String? = nil
        let liveActionSubscriptions: Int
    }

    public func unmount() {
        watching?.cancel()
        instance.unmount()
    }

    // MARK: - Checkpoint

    /// The page, both screens' colours and where the random sequence stands (the actions are at rest between inputs).
    struct Checkpoint: Codable {
        struct RGB: Codable {
            var red, green, blue, opacity: Double
        }
        var selectedTab: String
        var left: RGB?
        var right: RGB?
        var random: UInt64
    }

    public func checkpoint() -> String? {
        mount()
        let rgb = { (color: Color?) in color.map { Checkpoint.RGB(red: $0.red, green: $0.green, blue: $0.blue, opacity: $0.opacity) } }
        let tab = instance.host.view(RandomColorEVApp.self)?.selectedTab ?? .center
        return AppSeam.Checkpoint.write(
            Checkpoint(
                selectedTab: "\(tab)", left: rgb(instance.host.view(LeftScreen.self)?.color), right: rgb(instance.host.view(RightScreen.self)?.color),
                random: random.position))
    }

    /// Draws the views, then writes their `@State` back, as they were.
    public func restore(_ text: String) throws(CheckpointError) {
        let saved = try AppSeam.Checkpoint.read(Checkpoint.self, from: text, app: Self.about.id)
        let tabs: [String: RandomColorEVApp.TabItem] = ["left": .left, "center": .center, "right": .right]
        guard let tab = tabs[saved.selectedTab] else { throw CheckpointError("the ev app has no page \(quoted(saved.selectedTab))") }
        let color = { (rgb: Checkpoint.RGB?) in rgb.map { Color(red: $0.red, green: $0.green, blue: $0.blue, opacity: $0.opacity) } }
        mount()
        instance.host.view(RandomColorEVApp.self)?.selectedTab = tab
        instance.host.view(LeftScreen.self)?.color = color(saved.left)
        instance.host.view(RightScreen.self)?.color = color(saved.right)
        random.restore(position: saved.random)
    }

    private func mount() {
        if instance.host.livePositionCount == 0 { _ = instance.render(RenderContext(formAction: "")) }
    }

    /// The names of the actions `event` triggers, worked out once per event (`String(reflecting:)` goes through
    /// reflection); bounded by the number of event cases.
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
