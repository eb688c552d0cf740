import EVRuntime
import PlaygroundUI

/// The app: the badge, the list (with its search field), the open film and the fault injection, each a view with
/// its own `@Action` and `@State`. They never call each other: every change reaches them as an event's actions.
///
/// The seed's `App`/`WindowGroup` become a root view: on the web the room's pane is the window.
public struct FilmsEVApp: View {
    let catalog: FilmsCatalog

    public init(catalog: FilmsCatalog) {
        self.catalog = catalog
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            FavouritesBadge()
                .id("films-ev-header")

            FilmListScreen()
                .id("films-ev-list")

            FilmDetailScreen()
                .id("films-ev-detail")

            FaultsScreen()
                .id("films-ev-faults")
        }
        .environment(\.filmsCatalog, catalog)
    }
}
