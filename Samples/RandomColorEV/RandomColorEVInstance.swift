import AppSeam
import EVRuntime
import PlaygroundUI

/// The RandomColorEV app running in one room.
public typealias RandomColorEVInstance = EVAppInstance<EventEnum, RandomColorEVApp>

extension EVAppInstance where EventEnum == RandomColorEV.EventEnum, Root == RandomColorEVApp {
    /// Starts the app with colours from `randomColor`.
    public convenience init(randomColor: RandomColorSource = RandomColorSource()) {
        self.init(
            RandomColorEVApp(randomColor: randomColor), appID: RandomColorEVApp.appName, eventSubjectKey: \.eventSubject,
            inspecting: [RandomColorEVApp.self, LeftScreen.self, RightScreen.self], random: randomColor.random)
    }

    /// What `/state` shows: the selected page, each side's colour (`nil` while white), the live `@Action`s and the switch.
    public var snapshot: RandomColorEVSnapshot {
        RandomColorEVSnapshot(
            selectedTab: String(describing: host.view(RandomColorEVApp.self)?.selectedTab ?? .center), leftColor: host.view(LeftScreen.self)?.color?.hex,
            rightColor: host.view(RightScreen.self)?.color?.hex, liveActionSubscriptions: actionSource.liveSubscriptionCount,
            pitfall: pitfallState)
    }
}

/// A read-only snapshot of the app's state for `/state`.
public struct RandomColorEVSnapshot: Sendable, Equatable, Codable {
    /// `left`, `center` or `right`.
    public var selectedTab: String
    /// Each page's colour as `#rrggbb`, `nil` while it is white.
    @Nullable public var leftColor: String? = nil
    @Nullable public var rightColor: String? = nil
    /// `@Action` subscriptions alive: one per view, plus those leaked while the pitfall switch was on.
    public var liveActionSubscriptions: Int
    /// The pitfall switch: `leaked-subscription`, on when `@Action` subscribes as the article's does.
    public var pitfall: PitfallState = PitfallState(name: "leaked-subscription", on: false)
}
