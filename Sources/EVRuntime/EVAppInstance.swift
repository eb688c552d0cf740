import OpenCombine
import PlaygroundUI

/// One running EV app in one room: its `eventSubject`, the action source built on it, and the view host.
///
/// ```swift
/// let app = EVAppInstance<EventEnum, RandomColorEVApp>(RandomColorEVApp())
/// let before = app.render(context)
/// app.eventSubject.send(.changeBothSidesColors)     // what a posted event does
/// let after = app.render(context)
/// ```
///
/// Not `Sendable`: create and use it on the room's executor.
public final class EVAppInstance<EventEnum: EventEnumProtocol, Root: View> {
    /// The room's event subject (the seed's global, one per room here).
    public let eventSubject: CurrentValueSubject<EventEnum, Never>
    /// The same subject as the views hold it: its `send` reports the stage at the caller's line.
    public let sendOnlySubject: SendOnlySubject<EventEnum>
    /// Flat-maps events to actions for the views.
    public let actionSource: ActionSource
    /// Renders the app and owns its state and subscriptions.
    public let host: ViewHost<Root>
    /// Called with every event sent, from a view or from outside, once its actions have run.
    public var onSent: ((EventEnum) -> Void)?
    private var watching: AnyCancellable?
    private var knownActionNames: [String: [String]] = [:]

    /// Starts the app with `eventSubject` at `EventEnum.initial`; `environment` may add app values, and
    /// `eventSubjectKey` names where the views read the subject (the seed's global `eventSubject`, one per room here);
    /// the `inspecting` view types can be read back with `host.view(_:)`.
    public init(
        _ root: Root, environment: EnvironmentValues = EnvironmentValues(),
        eventSubjectKey: WritableKeyPath<EnvironmentValues, SendOnlySubject<EventEnum>>? = nil, inspecting: [any View.Type] = []
    ) {
        eventSubject = CurrentValueSubject(EventEnum.initial)
        sendOnlySubject = SendOnlySubject(eventSubject)
        actionSource = ActionSource(eventSubject: eventSubject)
        var environment = environment.with(\.actionSource, actionSource)
        if let eventSubjectKey { environment[keyPath: eventSubjectKey] = sendOnlySubject }
        host = ViewHost(root, environment: environment, inspecting: inspecting)
        // Subscribed after the action source, so it hears of an event once the views' actions ran.
        watching = eventSubject.dropFirst().sink { [weak self] event in self?.onSent?(event) }
    }

    /// Renders the app.
    public func render(_ context: RenderContext) -> RenderedView { host.render(context) }

    /// Sends `event` into `eventSubject`; the actions run synchronously before this returns.
    public func send(_ event: EventEnum, file: StaticString = #fileID, line: UInt = #line) {
        sendOnlySubject.send(event, file: file, line: line)
    }

    /// What the trace shows `event` became: `LeftScreen.InnerAction.changeLeftColor`, …, worked out once per event.
    public func actionNames(of event: EventEnum) -> [String] {
        if let known = knownActionNames[event.name] { return known }
        let names = EventEnum.actionsByEvent(event).map { "\(typeName(type(of: $0))).\($0)" }
        knownActionNames[event.name] = names
        return names
    }

    /// Cancels every subscription of the app's views.
    public func unmount() {
        watching?.cancel()
        host.unmount()
    }
}

@available(*, unavailable, message: "an EVAppInstance lives on one room executor")
extension EVAppInstance: Sendable {}
