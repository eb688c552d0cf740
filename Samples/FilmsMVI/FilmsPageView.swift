import FilmsKit
import MVIRuntime
import PlaygroundUI

/// The Films screen, as the seed's search page: the header with the badge, a text field to type the keyword in,
/// and below it exactly one view for the current state: the open film's, else the list's. Every control fires an
/// intent (`send`, which calls the view model's intent method, the way HTTP's events do).
public struct FilmsPageView: View {
    @ObservedObject var vm: FilmsPageViewModel
    let send: (FilmsEvent) -> Void

    /// The page for `viewModel`; its controls' intents go to `send`.
    public init(viewModel: FilmsPageViewModel, send: @escaping (FilmsEvent) -> Void) {
        self.vm = viewModel
        self.send = send
    }

    public var body: some View {
        let state = vm.uiState
        VStack(alignment: .leading, spacing: 8) {
            FilmsHeader(favourites: state.favourites.count)

            // Enter the keyword here and when committed fire an Intent to search
            FilmsSearchField(query: state.query) { query in send(.search(query: query)) }

            // The exhaustive cases: the open film's state, else the list's
            if let film = state.film {
                switch film {
                case .Loading(let id):
                    Button("‹ Back") { send(.back) }
                    FilmsLoadingView("Loading film \(id)…")

                case .Fetched(let detail):
                    FilmDetailCard(
                        film: detail, isFavourite: state.favourites.contains(detail.id),
                        back: { send(.back) }, toggleFavourite: { send(.toggleFavourite(id: detail.id)) })

                case .ApiError(_, let message):
                    Button("‹ Back") { send(.back) }
                    FilmsErrorView(message: message) { send(.retry) }
                }
            } else {
                switch state.list {
                case .Init:
                    Text("Please type in to query")

                case .Loading(let message):
                    FilmsLoadingView(message)

                case .SuccessfullyFetched(let films):
                    // This displays the list of films matching the keyword
                    List(films, id: \.id) { film in
                        FilmRow(
                            film: film, isFavourite: state.favourites.contains(film.id),
                            open: { send(.open(id: film.id)) }, toggleFavourite: { send(.toggleFavourite(id: film.id)) })
                    }

                case .NoResultsFound:
                    Text(FilmsMessages.noResults(state.query))

                case .ApiError(let message):
                    FilmsErrorView(message: message) { send(.retry) }
                }
            }
        }
    }
}
