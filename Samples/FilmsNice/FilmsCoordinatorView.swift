import FilmsKit
import NiceRuntime
import PlaygroundUI

/// The films flow: the badge and the search field, the open film above the list (the list stays bound, so a search
/// made while a film is open shows on Back).
public struct FilmsCoordinatorView: View {
    @ObservedObject var coordinator: FilmsCoordinator
    @ObservedObject var favourites: FavouritesRepository

    public init(coordinator: FilmsCoordinator, favourites: FavouritesRepository) {
        self.coordinator = coordinator
        self.favourites = favourites
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            FilmsHeader(favourites: favourites.ids.count)
            FilmsSearchField(query: coordinator.listViewModel.query) { coordinator.listViewModel.search($0) }
            if let detail = coordinator.filmDetailViewModel {
                // Each opening is a new view, which binds (and loads) as it appears; numbered, so a replay draws the same.
                ForEach([coordinator.openings], id: \.self) { _ in
                    FilmDetailView(viewModel: detail)
                }
            }
            FilmsListView(viewModel: coordinator.listViewModel)
        }
    }
}
