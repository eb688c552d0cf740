import OpenCombine
import PlaygroundUI
import RoomServices

/// The room's `eventSubject` as the views see it: each event flat-mapped to its actions
/// (`EventEnum.actionsByEvent`), delivered synchronously in array order to every live `@Action`.
///
/// ```swift
/// let eventSubject = CurrentValueSubject<EventEnum, Never>(.initial)   // one per room, not a global
/// let environment = EnvironmentValues().with(\.actionSource, ActionSource(eventSubject: eventSubject))
/// ```
///
/// The seed lets every `@Action` run its own `flatMap` chain on the subject; here the flat-map runs once and
/// its actions are fanned out, so "in array order" holds across views too, and a view that appears later
/// is not replayed the last event's actions. Not `Sendable`: it lives on the room's executor.
public final class ActionSource {
    private var subscribers: [(id: Int, subject: PassthroughSubject<any InnerViewAction, Never>)] = []
    private var nextID = 0
    private var upstream: AnyCancellable?
    /// The stage's text for each event name (`actionsByEvent → [.changeLeftColor, .changeRightColor]`), built once.
    private var mappedText: [String: String] = [:]

    /// Connects to `eventSubject` (its current value is flat-mapped at once, like any subscriber's).
    public init<EventEnum: EventEnumBase>(eventSubject: CurrentValueSubject<EventEnum, Never>) {
        upstream =
            eventSubject
            .flatMap { [weak self] receivedEvent -> AnyPublisher<any InnerViewAction, Never> in
                let actions = EventEnum.actionsByEvent(receivedEvent)
                Stages.record(EVStage.actionsByEvent, self?.text(receivedEvent.name, actions) ?? "actionsByEvent", line: #line - 1)
                return actions.publisher.eraseToAnyPublisher()
            }
            .sink { [weak self] action in self?.deliver(action) }
    }

    private func text(_ event: String, _ actions: [any InnerViewAction]) -> String {
        if let known = mappedText[event] { return known }
        let text = "actionsByEvent → [" + actions.map { ".\($0)" }.joined(separator: ", ") + "]"
        // Events that carry values (a query) have a name each: the texts kept stay few.
        if mappedText.count >= Self.keptTexts { mappedText.removeAll() }
        mappedText[event] = text
        return text
    }

    /// Most stage texts kept.
    static let keptTexts = 64

    deinit { upstream?.cancel() }

    /// Number of `@Action` subscriptions currently alive.
    public var liveSubscriptionCount: Int { subscribers.count }

    /// Pitfall switch, off by default: `@Action` subscribes as the article's `init` does, discarding the
    /// cancellable, so every view an event re-creates leaves one more live subscription ("subscription leaked"):
    /// each event adds one per `@Action` view (the views it re-creates). Counted per event, not per render, so a
    /// replay of the journal leaks exactly as the room did. Off, nothing here changes.
    public var subscribesAsPublished = false
    /// What keeps the leaked subscriptions alive: nobody cancels them (until the app unmounts).
    private var leaked: [AnyCancellable] = []
    /// Most subscriptions a room lets leak: past it the switch's events leak no more (each event reaches every one).
    public static let maxLeakedSubscriptions = 64
    /// Subscriptions leaked so far.
    public var leakedSubscriptionCount: Int { leaked.count }
    /// The article's `_ = eventSubject…assign(to: \.wrappedValue, on: self)`, once per `@Action` view an event
    /// re-creates: a subscription owned by nobody, receiving every later action into a subject no view reads. The
    /// app calls it for each event while ``subscribesAsPublished`` is on; returns how many leaked.
    func leakForReCreatedViews() -> Int {
        // The article's leak has no end; a room's must (a public server), so it stops at the bound.
        let views = min(subscribers.count - leaked.count, max(0, Self.maxLeakedSubscriptions - leaked.count))
        for _ in 0..<views { leaked.append(actions.sink { _ in }) }
        Stages.record(EVStage.action, "subscription leaked ×\(views): _ = eventSubject…assign(to: \\.wrappedValue, on: self)", line: #line - 1)
        return views
    }

    /// A room restored from its snapshot: `count` leaked subscriptions again (they receive every action, as the
    /// leaked ones did, and show nothing).
    public func restoreLeaks(count: Int) {
        for _ in 0..<max(0, min(count, Self.maxLeakedSubscriptions) - leaked.count) { leaked.append(actions.sink { _ in }) }
    }

    /// Cancels the leaked subscriptions (the app unmounts: its room is gone).
    public func cancelLeaks() {
        for subscription in leaked { subscription.cancel() }
        leaked.removeAll()
    }

    /// The actions of every event, in order. Each subscriber gets its own subject, kept in subscription order
    /// (OpenCombine's subjects hold their subscribers in a `Set`, which would make the order between two views
    /// receiving the same action vary from run to run).
    public var actions: AnyPublisher<any InnerViewAction, Never> {
        Deferred { [weak self] () -> AnyPublisher<any InnerViewAction, Never> in
            guard let self else { return Empty().eraseToAnyPublisher() }
            let subject = PassthroughSubject<any InnerViewAction, Never>()
            let id = nextID
            nextID += 1
            subscribers.append((id, subject))
            return
                subject
                .handleEvents(receiveCancel: { [weak self] in self?.subscribers.removeAll { $0.id == id } })
                .eraseToAnyPublisher()
        }
        .eraseToAnyPublisher()
    }

    /// One action to every subscriber, in subscription order (a copy, so handlers may subscribe or cancel).
    private func deliver(_ action: any InnerViewAction) {
        for subscriber in subscribers { subscriber.subject.send(action) }
    }
}

@available(*, unavailable, message: "an ActionSource lives on one room executor")
extension ActionSource: Sendable {}

private struct ActionSourceKey: EnvironmentKey {
    static var defaultValue: ActionSource? { nil }
}

extension EnvironmentValues {
    /// The room's action source, which every `@Action` below subscribes to.
    public var actionSource: ActionSource? {
        get { self[ActionSourceKey.self] }
        set { self[ActionSourceKey.self] = newValue }
    }
}
