import AppSeam

extension Pitfall {
    /// EV's pitfall, declared once for every EV app: the article's `@Action` subscribes in `init` and discards the
    /// cancellable. An app switches it with ``EVAppInstance/setPitfall(_:pitfall:from:)``.
    public static let leakedSubscription = Pitfall(
        name: "leaked-subscription",
        articleCode: "@Action's init subscribes: _ = eventSubject.flatMap(…).compactMap(…).assign(to: \\.wrappedValue, on: self)",
        goesWrong: "the cancellable is discarded, so every view an event re-creates leaves one more live subscription: the count grows with every event",
        fix: "the subscription belongs to the view's position (a DynamicProperty): made once when it appears, cancelled when it goes",
        fixFile: "EVRuntime/Action.swift", fixLines: 49...55, bites: "subscription leaked")
}

extension EVAppInstance {
    /// `setPitfall` for ``Pitfall/leakedSubscription``: `@Action` subscribes as the article's does (and leaks) or as
    /// the fix does; a trace row and the flow's caption say which.
    public func setPitfall(_ on: Bool, pitfall name: String? = nil, from source: EventSource) {
        actionSource.subscribesAsPublished = on
        teaching.recordPitfallSwitch(
            on, pitfall: name, switches: pitfallSwitches, from: source,
            became: on
                ? "@Action subscribes as the article's init (cancellable discarded)" : "@Action's subscription belongs to its view (the fix)")
    }

    /// The switch as `/state` shows it: on while `@Action` subscribes as the article's does.
    public var pitfallState: PitfallState { PitfallState(name: Pitfall.leakedSubscription.name, on: actionSource.subscribesAsPublished) }

    /// A checkpoint's switches and leaks, restored; a checkpoint is a client's text too, so a leak count no room
    /// reaches (over ``ActionSource/maxLeakedSubscriptions``) is refused.
    public func restorePitfall(onNames: [String], leaked: Int, app: String) throws(CheckpointError) {
        guard (0...ActionSource.maxLeakedSubscriptions).contains(leaked) else {
            throw CheckpointError("the \(app) app's checkpoint holds \(leaked) leaked subscriptions")
        }
        pitfallSwitches.restore(onNames: onNames)
        actionSource.subscribesAsPublished = pitfallSwitches.isOn()
        actionSource.restoreLeaks(count: leaked)
    }
}

extension PitfallDeclaring where Self: EventEnumProtocol {
    /// An EV app's pitfall is its runtime's: the article's `@Action`, which leaks its subscription.
    public static var pitfalls: [Pitfall] { [.leakedSubscription] }
}

extension EVHostedApp {
    /// The pitfalls an EV app declares (``PitfallDeclaringApp``, for an input several apps share): its runtime's.
    public static var pitfalls: [Pitfall] { [.leakedSubscription] }
}
