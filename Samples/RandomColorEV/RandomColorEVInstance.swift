import AppSeam
import EVRuntime
import PlaygroundUI

/// The RandomColorEV app running in one room.
public typealias RandomColorEVInstance = EVAppInstance<EventEnum, RandomColorEVApp>

extension EVAppInstance where EventEnum == RandomColorEV.EventEnum, Root == RandomColorEVApp {
    /// Starts the app with colours from `randomColor`.
    public convenience init(randomColor: RandomColorSource = RandomColorSource()) {
        self.init(
            RandomColorEVApp(randomColor: randomColor), eventSubjectKey: \.eventSubject,
            inspecting: [RandomColorEVApp.self, LeftScreen.self, RightScreen.self])
    }

    /// What `/state` shows: the selected page and each side's colour (`nil` while white).
    public var snapshot: RandomColorEVSnapshot {
        RandomColorEVSnapshot(
            selectedTab: String(describing: host.view(RandomColorEVApp.self)?.selectedTab ?? .center),
            leftColor: host.view(LeftScreen.self)?.color?.hex,
            rightColor: host.view(RightScreen.self)?.color?.hex
        )
    }
}

/// A read-only snapshot of the app's state for `/state`.
public struct RandomColorEVSnapshot: Sendable, Equatable, Encodable {
    /// `left`, `center` or `right`.
    public var selectedTab: String
    /// The left page's colour as `#rrggbb`, `nil` while it is white.
    @Nullable public var leftColor: String? = nil
    /// The right page's colour as `#rrggbb`, `nil` while it is white.
    @Nullable public var rightColor: String? = nil

    /// Makes a snapshot.
    public init(selectedTab: String, leftColor: String?, rightColor: String?) {
        (self.selectedTab, self.leftColor, self.rightColor) = (selectedTab, leftColor, rightColor)
    }
}
