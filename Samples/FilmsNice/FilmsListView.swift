import FilmsKit
import NiceRuntime
import PlaygroundUI

/// The results: a ``StatefulView`` with the Films app's loading, error (with Retry) and empty views.
public struct FilmsListView: View {
    @ObservedObject var viewModel: FilmsListViewModel

    public init(viewModel: FilmsListViewModel) {
        self.viewModel = viewModel
    }

    public var body: some View {
        StatefulView(
            state: viewModel.contentLoadState,
            hasDataView: { filmsView },
            errorView: { error in
                FilmsErrorView(message: (error as? any DisplayableError)?.message ?? "\(error)", retry: { viewModel.retry() })
            },
            loadingView: {
                FilmsLoadingView("Searching for \u{201C}\(viewModel.query)\u{201D} …")
            },
            noDataView: {
                Text(viewModel.query.isEmpty ? "Search the catalog for a film." : FilmsMessages.noResults(viewModel.query))
                    .foregroundColor(.gray)
            }
        )
        .bindToVM(viewModel)
    }

    private var filmsView: some View {
        VStack(alignment: .leading, spacing: 4) {
            ForEach(viewModel.films, id: \.id) { film in
                FilmRow(
                    film: film, isFavourite: viewModel.isFavourite(film.id), open: { viewModel.showFilmDetail(film.id) },
                    toggleFavourite: { viewModel.toggleFavourite(film.id) })
            }
        }
    }
}
