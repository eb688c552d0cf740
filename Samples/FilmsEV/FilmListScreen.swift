import EVRuntime
import FilmsKit
import PlaygroundUI

/// The search field and the results. Its query, films, hearts and state are its own `@State`, changed only by
/// the actions its `@Action` receives; its buttons send events.
struct FilmListScreen: View {

    @Action(InnerAction.initial) var action

    @State var viewState: FilmsViewState = .initial
    @State var query = ""
    @State var films: [FilmSummary] = []
    @State var favourites: Set<Int> = []
    /// A film's detail is open over the list (which keeps its place).
    @State var isCovered = false

    @Environment(\.eventSubject) var eventSubject
    @Environment(\.filmsCatalog) var catalog

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            FilmsSearchField(query: query) { typed in
                eventSubject.send(.search(query: typed))
            }
            if !isCovered {
                content
            }
        }

        .onReceive($action) { newAction in
            switch newAction {

            case let .search(newQuery):
                query = newQuery
                load()

            case let .showResults(found):
                films = found
                viewState = .loaded

            case let .changeStateTo(newState):
                viewState = newState

            case .retry:
                if viewState == .failed { load() }

            case .cover:
                isCovered = true
                if viewState == .failed { viewState = .initial }

            case .uncover:
                isCovered = false

            case .dismissError:
                if viewState == .failed { viewState = .initial }

            case let .toggleFavourite(id):
                favourites.formSymmetricDifference([id])

            case .initial:
                break
            }
        }
    }

    /// The search runs in the background; its answer comes back as an event.
    private func load() {
        films = []
        viewState = .isLoading
        catalog?.search(query) { answer in
            switch answer {
            case .success(let found): eventSubject.send(.searchLoaded(found))
            case .failure: eventSubject.send(.searchFailed)
            }
        }
    }

    @ViewBuilder private var content: some View {
        switch viewState {
        case .initial:
            Text("Type a title and press Return.").foregroundColor(.gray)
        case .isLoading:
            FilmsLoadingView("Searching for \u{201C}\(query)\u{201D}…")
        case .loaded:
            if films.isEmpty {
                Text(FilmsMessages.noResults(query))
            } else {
                ForEach(films) { film in
                    FilmRow(
                        film: film, isFavourite: favourites.contains(film.id),
                        open: { eventSubject.send(.open(id: film.id)) },
                        toggleFavourite: { eventSubject.send(.toggleFavourite(id: film.id)) })
                }
            }
        case .failed:
            FilmsErrorView(message: FilmsMessages.searchFailed(query)) {
                eventSubject.send(.retry)
            }
        }
    }

    enum InnerAction: InnerViewAction {
        static var `default`: FilmListScreen.InnerAction { .initial }

        case initial
        case search(String)
        case showResults([FilmSummary])
        case changeStateTo(FilmsViewState)
        case retry
        case cover
        case uncover
        case dismissError
        case toggleFavourite(Int)
    }
}
