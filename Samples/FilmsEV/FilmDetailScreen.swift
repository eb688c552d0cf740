import EVRuntime
import FilmsKit
import PlaygroundUI

/// The open film: which one, its detail once the catalog answers, its heart. Its own `@State`, changed only by
/// its actions.
struct FilmDetailScreen: View {

    @Action(InnerAction.initial) var action

    @State var viewState: FilmsViewState = .initial
    @State var openId: Int? = nil
    @State var film: FilmDetail? = nil
    @State var favourites: Set<Int> = []

    @Environment(\.eventSubject) var eventSubject
    @Environment(\.filmsCatalog) var catalog

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            if let openId {
                content(openId)
            }
        }

        .onReceive($action) { newAction in
            switch newAction {

            case let .open(id):
                openId = id
                load()

            case let .show(loaded):
                film = loaded
                viewState = .loaded

            case let .changeStateTo(newState):
                viewState = newState

            case .retry:
                if viewState == .failed { load() }

            case .close:
                // Back: the detail's answer still on its way is no longer wanted.
                catalog?.forgetFilm()
                (openId, film, viewState) = (nil, nil, .initial)

            case .dismissError:
                if viewState == .failed { viewState = .initial }

            case let .toggleFavourite(id):
                favourites.formSymmetricDifference([id])

            case .initial:
                break
            }
        }
    }

    /// The film loads in the background; its answer comes back as an event.
    private func load() {
        guard let openId else { return }
        film = nil
        viewState = .isLoading
        catalog?.film(openId) { answer in
            switch answer {
            case .success(let loaded): eventSubject.send(.filmLoaded(loaded))
            case .failure: eventSubject.send(.filmFailed)
            }
        }
    }

    @ViewBuilder private func content(_ id: Int) -> some View {
        switch viewState {
        case .loaded:
            if let film {
                FilmDetailCard(
                    film: film, isFavourite: favourites.contains(film.id),
                    back: { eventSubject.send(.back) },
                    toggleFavourite: { eventSubject.send(.toggleFavourite(id: film.id)) })
            }
        case .isLoading:
            Button("‹ Back") { eventSubject.send(.back) }
            FilmsLoadingView("Loading film \(id)…")
        case .failed:
            Button("‹ Back") { eventSubject.send(.back) }
            FilmsErrorView(message: FilmsMessages.filmFailed(id)) {
                eventSubject.send(.retry)
            }
        case .initial:
            Button("‹ Back") { eventSubject.send(.back) }
        }
    }

    enum InnerAction: InnerViewAction {
        static var `default`: FilmDetailScreen.InnerAction { .initial }

        case initial
        case open(Int)
        case show(FilmDetail)
        case changeStateTo(FilmsViewState)
        case retry
        case close
        case dismissError
        case toggleFavourite(Int)
    }
}
