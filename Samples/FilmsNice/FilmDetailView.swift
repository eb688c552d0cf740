import FilmsKit
import NiceRuntime
import PlaygroundUI

/// One film: a ``StatefulView`` of its detail, with Back in every state.
public struct FilmDetailView: View {
    @ObservedObject var viewModel: FilmDetailViewModel

    public init(viewModel: FilmDetailViewModel) {
        self.viewModel = viewModel
    }

    public var body: some View {
        StatefulView(
            state: viewModel.contentLoadState,
            hasDataView: {
                if let film = viewModel.film {
                    FilmDetailCard(
                        film: film, isFavourite: viewModel.isFavourite, back: { viewModel.back() },
                        toggleFavourite: { viewModel.toggleFavourite() })
                }
            },
            errorView: { error in
                backButton
                FilmsErrorView(message: (error as? any DisplayableError)?.message ?? "\(error)", retry: { viewModel.retry() })
            },
            loadingView: {
                backButton
                FilmsLoadingView("Loading film \(viewModel.filmId) …")
            },
            noDataView: {
                backButton
                NoDataView()
            }
        )
        .bindToVM(viewModel)
    }

    private var backButton: some View {
        Button("‹ Back") { viewModel.back() }
    }
}
