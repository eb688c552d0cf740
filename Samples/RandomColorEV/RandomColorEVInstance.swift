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
    public var leftColor: String?
    /// The right page's colour as `#rrggbb`, `nil` while it is white.
    public var rightColor: String?

    /// Makes a snapshot.
    public init(selectedTab: String, leftColor: String?, rightColor: String?) {
        (self.selectedTab, self.leftColor, self.rightColor) = (selectedTab, leftColor, rightColor)
    }

    private enum CodingKeys: String, CodingKey { case selectedTab, leftColor, rightColor }

    /// Encodes `nil` colours as JSON `null` rather than leaving the keys out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(selectedTab, forKey: .selectedTab)
        try container.encode(leftColor, forKey: .leftColor)
        try container.encode(rightColor, forKey: .rightColor)
    }
}
