import AppSeam
import FilmsKit
import PlaygroundUI
import VVSIRuntime

/// The Films app in VVSI: every button calls `viewState.trigger(…)`; the interactor's asynchronous actions change
/// the state, and its error notification is turned into the shown error by `.onReceive`.
public struct FilmsView: View {

    @StateObject
    var viewState: ViewState<Interactor>

    /// The room's way in, as SwiftUI injects into a `@StateObject`.
    init(dependencies: Dependencies) {
        _viewState = StateObject(wrappedValue: ViewState(.init(), Interactor(dependencies: dependencies)))
    }

    public var body: some View {
        let state = viewState.state
        VStack(alignment: .leading, spacing: 8) {
            FilmsHeader(favourites: state.favourites.count)

            FilmsSearchField(query: state.query) { query in
                viewState.trigger(.search(query))
            }

            if let failure = state.failure {
                FilmsErrorView(message: failure.message) {
                    viewState.trigger(.retry(failure))
                }
            }

            if let id = state.openId {
                if let film = state.detail {
                    FilmDetailCard(
                        film: film, isFavourite: state.favourites.contains(film.id),
                        back: { viewState.trigger(.back) },
                        toggleFavourite: { viewState.trigger(.toggleFavourite(film.id)) })
                } else {
                    Button("‹ Back") {
                        viewState.trigger(.back)
                    }
                    if state.opening != nil { FilmsLoadingView("Loading film \(id)…") }
                }
            } else if state.searching != nil {
                FilmsLoadingView("Searching for \u{201C}\(state.query)\u{201D}…")
            } else if state.results.isEmpty, !state.query.isEmpty, state.failure == nil {
                Text(FilmsMessages.noResults(state.query))
            } else {
                ForEach(state.results) { film in
                    FilmRow(
                        film: film, isFavourite: state.favourites.contains(film.id),
                        open: { viewState.trigger(.open(film.id)) },
                        toggleFavourite: { viewState.trigger(.toggleFavourite(film.id)) })
                }
            }

            FaultInjectionControls(settings: state.faults) { settings in
                viewState.trigger(.setFaults(settings))
            }
        }
        .onReceive(viewState.notifications) { notification in
            switch notification {
            case .error(let failure):
                viewState.trigger(.showError(failure))
            }
        }
    }
}
