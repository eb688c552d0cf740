import AppSeam
import EVRuntime
import PlaygroundUI

/// Glue, not from the article: the RandomColorEV sample as a playground app (the hosting is EVRuntime's): an input
/// posted from the page or curl goes into the room's `eventSubject`, exactly as the seed's button closure does.
public final class RandomColorEVPlayground: EVCheckpointingApp, PitfallHostingApp {
    public static let about = AppAbout(
        id: RandomColorEVApp.appName, title: "EV · Enum + View",
        summary: "One Event, several Actions: the button sends .changeBothSidesColors into eventSubject; "
            + "actionsByEvent turns it into one action for Left and one for Right; each @Action pulses and its screen picks a colour.",
        sampleFolder: "RandomColorEV",
        articleFiles: ["RandomColorEVApp.swift", "CenterScreen.swift", "LeftScreen.swift", "RightScreen.swift", "ColorModel.swift", "EventEnum.swift"])

    public typealias Root = RandomColorEVApp
    public typealias Input = PitfallSwitchInput<EventEnum>
    public let instance: RandomColorEVInstance

    public init(services: AppServices) {
        instance = RandomColorEVInstance(randomColor: RandomColorSource(random: services.makeRandomSource()))
    }

    public var snapshot: RandomColorEVSnapshot { instance.snapshot }

    /// The checkpoint: the page and both screens' colours (EVRuntime adds the random position and the pitfall switch).
    public static var savedStates: [SavedViewState<Root>] {
        [
            .init("selectedTab", \RandomColorEVApp.selectedTab, cases: [.left, .center, .right]),
            .init("left", \LeftScreen.color),
            .init("right", \RightScreen.color),
        ]
    }
}
