import EVRuntime
import PlaygroundUI

/// The seed's app: three pages, Left / Center / Right, starting on Center.
///
/// The seed's `App`/`WindowGroup` become a root view: on the web the room's pane is the window.
public struct RandomColorEVApp: View {

    /// The app's name in posted events (`app=ev`).
    public static let appName = "ev"

    enum TabItem: Equatable {
        case left, center, right
    }

    @State var selectedTab: TabItem = .center

    private let randomColor: RandomColorSource

    /// The app, drawing its random colours from `randomColor` (seed it in tests).
    public init(randomColor: RandomColorSource = RandomColorSource()) {
        self.randomColor = randomColor
    }

    /// The paged tabs.
    public var body: some View {
        TabView(selection: $selectedTab) {
            LeftScreen()
                .id("ev-left")
                .tag(TabItem.left)

            CenterScreen()
                .id("ev-center")
                .tag(TabItem.center)

            RightScreen()
                .id("ev-right")
                .tag(TabItem.right)
        }
        .ignoresSafeArea()
        .tabViewStyle(PageTabViewStyle())
        .environment(\.randomColor, randomColor)
    }
}
