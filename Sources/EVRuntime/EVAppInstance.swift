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
    /// Flat-maps events to actions for the views.
    public let actionSource: ActionSource
    /// Renders the app and owns its state and subscriptions.
    public let host: ViewHost<Root>

    /// Starts the app with `eventSubject` at `EventEnum.initial`; `environment` may add app values, and
    /// `eventSubjectKey` names where the views read the subject (the seed's global `eventSubject`, one per room here);
    /// the `inspecting` view types can be read back with `host.view(_:)`.
    public init(
        _ root: Root, environment: EnvironmentValues = EnvironmentValues(),
        eventSubjectKey: WritableKeyPath<EnvironmentValues, SendOnlySubject<EventEnum>>? = nil, inspecting: [any View.Type] = []
    ) {
        eventSubject = CurrentValueSubject(EventEnum.initial)
        actionSource = ActionSource(eventSubject: eventSubject)
        var environment = environment.with(\.actionSource, actionSource)
        if let eventSubjectKey { environment[keyPath: eventSubjectKey] = SendOnlySubject(eventSubject) }
        host = ViewHost(root, environment: environment, inspecting: inspecting)
    }

    /// Renders the app.
    public func render(_ context: RenderContext) -> RenderedView { host.render(context) }

    /// Sends `event` into `eventSubject`; the actions run synchronously before this returns.
    public func send(_ event: EventEnum) { eventSubject.send(event) }

    /// Cancels every subscription of the app's views.
    public func unmount() { host.unmount() }
}

@available(*, unavailable, message: "an EVAppInstance lives on one room executor")
extension EVAppInstance: Sendable {}
