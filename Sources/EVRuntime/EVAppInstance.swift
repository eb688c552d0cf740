import AppSeam
import RoomServices
import OpenCombine
import PlaygroundUI

/// One running EV app in one room: its `eventSubject`, the action source built on it, the view host, and the
/// teaching layer, where every event sent (from a view or from HTTP) becomes a trace row.
///
/// ```swift
/// let app = EVAppInstance<EventEnum, RandomColorEVApp>(RandomColorEVApp())
/// let before = app.render(context)
/// app.eventSubject.send(.changeBothSidesColors)     // what a posted event does
/// let after = app.render(context)
/// ```
///
/// Not `Sendable`: create and use it on the room's executor.
public final class EVAppInstance<EventEnum: EventEnumBase, Root: View> {
    /// The room's event subject (the seed's global, one per room here).
    public let eventSubject: CurrentValueSubject<EventEnum, Never>
    /// The same subject as the views hold it: its `send` reports the stage at the caller's line.
    public let sendOnlySubject: SendOnlySubject<EventEnum>
    /// Flat-maps events to actions for the views.
    public let actionSource: ActionSource
    /// Renders the app and owns its state and subscriptions.
    public let host: ViewHost<Root>
    /// The flow strip (the stages the runtime reported) and the trace of the events sent.
    public let teaching: Teaching<EVStage>
    /// The room's switch of EV's pitfall (``Pitfall/leakedSubscription``), which every EV app has.
    public let pitfallSwitches = PitfallSwitches([.leakedSubscription])
    /// The room's randomness the app draws from, if any: a checkpoint keeps where its sequence stands.
    public let random: RandomSource?
    /// Who is sending now: a press on the page (a view's closure) or HTTP.
    private var source = EventSource.browser
    private var watching: AnyCancellable?
    private var knownActionNames: [String: [String]] = [:]

    /// Starts the app with `eventSubject` at `EventEnum.initial`; `environment` may add app values, and
    /// `eventSubjectKey` names where the views read the subject (the seed's global `eventSubject`, one per room here);
    /// the `inspecting` view types can be read back with `host.view(_:)`; `random` is the room's randomness the views draw from.
    public init(
        _ root: Root, appID: String = "ev", environment: EnvironmentValues = EnvironmentValues(),
        eventSubjectKey: WritableKeyPath<EnvironmentValues, SendOnlySubject<EventEnum>>? = nil, inspecting: [any View.Type] = [],
        random: RandomSource? = nil
    ) {
        teaching = Teaching(appID: appID)
        self.random = random
        eventSubject = CurrentValueSubject(EventEnum.initial)
        sendOnlySubject = SendOnlySubject(eventSubject)
        actionSource = ActionSource(eventSubject: eventSubject)
        var environment = environment.with(\.actionSource, actionSource)
        if let eventSubjectKey { environment[keyPath: eventSubjectKey] = sendOnlySubject }
        host = ViewHost(root, environment: environment, inspecting: inspecting)
        // Subscribed after the action source, so it hears of an event once the views' actions ran.
        watching = eventSubject.dropFirst().sink { [weak self] event in self?.sent(event) }
        // The pane's toggle takes the path a posted `setPitfall` takes.
        pitfallSwitches.switched = { [weak self] on, name in self?.setPitfall(on, pitfall: name, from: .browser) }
    }

    /// An input from HTTP: sent into `eventSubject` as a view's closure sends it.
    public func handle(_ event: EventEnum, from source: EventSource) {
        self.source = source
        defer { self.source = .browser }
        let eventSubject = sendOnlySubject
        eventSubject.send(event)
    }

    /// The trace row: the event, where it came from, and the actions it became.
    private func sent(_ event: EventEnum) {
        let actions = actionNames(of: event)
        // The pitfall switch: the views this event re-creates leak their subscriptions (the article's `@Action`).
        let leaks = actionSource.subscribesAsPublished ? actionSource.leakForReCreatedViews() : 0
        // Sent by an effect's answer: it belongs to the row of the step that started the effect (its stages join that
        // row, as later ones), not to a row of its own claiming a press on the page.
        if let context = Stages.current, context.later {
            if let row = teaching.trace.entry(ofStep: context.step), row.number == teaching.trace.entries.first?.number {
                teaching.trace.appendStep(".\(event.name) → " + (actions.isEmpty ? "no actions" : actions.map { "@Action ← \($0)" }.joined(separator: ", ")))
            }
            teaching.flow.describe(".\(event.name), an answer, became \(actions.count) action(s).")
            return
        }
        // The pitfall switch's bite: the event's re-created views leaked their subscriptions.
        let capped = actionSource.leakedSubscriptionCount >= ActionSource.maxLeakedSubscriptions
        let leaked =
            !actionSource.subscribesAsPublished ? []
            : leaks > 0 ? ["⚠ subscription leaked: +\(leaks), \(actionSource.liveSubscriptionCount) live @Action subscriptions"]
            : capped ? ["⚠ subscription leaked: the room stops at \(ActionSource.maxLeakedSubscriptions) leaked (the article's would go on)"] : []
        teaching.trace.record(source: source, event: ".\(event.name)", became: actions.map { "@Action ← \($0)" } + leaked)
        teaching.flow.describe(
            ".\(event.name) from \(source.spoken) became \(actions.count) action(s); "
                + "\(actionSource.liveSubscriptionCount) live @Action subscriptions, "
                + (actionSource.leakedSubscriptionCount == 0
                    ? "each owned by its view." : "\(actionSource.leakedSubscriptionCount) of them leaked by re-created views."))
    }

    /// Renders the app.
    public func render(_ context: RenderContext) -> RenderedView { host.render(context) }

    /// Draws the views if none are live yet, so their `@State` can be read and written (a checkpoint's).
    public func mount() { if host.livePositionCount == 0 { _ = render(RenderContext(formAction: "")) } }

    /// Sends `event` into `eventSubject`; the actions run synchronously before this returns.
    public func send(_ event: EventEnum, file: StaticString = #fileID, line: UInt = #line) {
        sendOnlySubject.send(event, file: file, line: line)
    }

    /// What the trace shows `event` became: `LeftScreen.InnerAction.changeLeftColor`, …, worked out once per event.
    public func actionNames(of event: EventEnum) -> [String] {
        if let known = knownActionNames[event.name] { return known }
        let names = EventEnum.actionsByEvent(event).map { "\(typeName(type(of: $0))).\($0)" }
        if knownActionNames.count >= ActionSource.keptTexts { knownActionNames.removeAll() }  // events with values: many names
        knownActionNames[event.name] = names
        return names
    }

    /// Cancels every subscription of the app's views.
    public func unmount() {
        watching?.cancel()
        host.unmount()
        actionSource.cancelLeaks()
    }
}

@available(*, unavailable, message: "an EVAppInstance lives on one room executor")
extension EVAppInstance: Sendable {}
