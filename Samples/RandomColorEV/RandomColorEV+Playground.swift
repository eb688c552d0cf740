import AppSeam
import EVRuntime
import PlaygroundUI
import RoomServices

/// Glue, not from the article: the RandomColorEV sample as a playground app (the hosting is EVRuntime's): an input
/// posted from the page or curl goes into the room's `eventSubject`, exactly as the seed's button closure does.
public final class RandomColorEVPlayground: EVHostedApp, CheckpointingApp, PitfallHostingApp {
    public static let about = AppAbout(
        id: RandomColorEVApp.appName, title: "EV · Enum + View",
        summary: "One Event, several Actions: the button sends .changeBothSidesColors into eventSubject; "
            + "actionsByEvent turns it into one action for Left and one for Right; each @Action pulses and its screen picks a colour.",
        sampleFolder: "RandomColorEV",
        articleFiles: ["RandomColorEVApp.swift", "CenterScreen.swift", "LeftScreen.swift", "RightScreen.swift", "ColorModel.swift", "EventEnum.swift"])

    public typealias Root = RandomColorEVApp
    public typealias Input = PitfallSwitchInput<EventEnum>
    public let instance: RandomColorEVInstance
    private let random: RandomSource
    /// The room's pitfall switch (the article's `@Action`, which leaks its subscription).
    public let pitfallSwitches = PitfallSwitches(EventEnum.pitfalls)

    public init(services: AppServices) {
        random = services.makeRandomSource()
        instance = RandomColorEVInstance(randomColor: RandomColorSource(random: random))
        pitfallSwitches.switched = { [weak self] on, name in self?.handle(.setPitfall(on: on, pitfall: name), from: .browser) }
    }

    public var snapshot: RandomColorEVSnapshot { instance.snapshot }

    // MARK: - Checkpoint

    /// The page, both screens' colours and where the random sequence stands (the actions are at rest between inputs).
    struct Checkpoint: Codable {
        var selectedTab: String
        var left: Color?
        var right: Color?
        var random: UInt64
        /// The pitfall switches on and the subscriptions leaked (absent in checkpoints written before there were any).
        var pitfalls: [String]?
        var leaked: Int?
    }

    public func checkpoint() -> String? {
        instance.mount()
        let tab = instance.host.view(RandomColorEVApp.self)?.selectedTab ?? .center
        return AppSeam.Checkpoint.write(
            Checkpoint(
                selectedTab: "\(tab)", left: instance.host.view(LeftScreen.self)?.color, right: instance.host.view(RightScreen.self)?.color,
                random: random.position, pitfalls: pitfallSwitches.onNames, leaked: instance.actionSource.leakedSubscriptionCount))
    }

    /// Draws the views, then writes their `@State` back, as they were.
    public func restore(_ text: String) throws(CheckpointError) {
        let saved = try AppSeam.Checkpoint.read(Checkpoint.self, from: text, app: Self.about.id)
        let tabs: [String: RandomColorEVApp.TabItem] = ["left": .left, "center": .center, "right": .right]
        guard let tab = tabs[saved.selectedTab] else { throw CheckpointError("the ev app has no page \(quoted(saved.selectedTab))") }
        instance.mount()
        instance.host.view(RandomColorEVApp.self)?.selectedTab = tab
        instance.host.view(LeftScreen.self)?.color = saved.left
        instance.host.view(RightScreen.self)?.color = saved.right
        random.restore(position: saved.random)
        try instance.restorePitfall(switches: pitfallSwitches, onNames: saved.pitfalls ?? [], leaked: saved.leaked ?? 0, app: Self.about.id)
    }
}
