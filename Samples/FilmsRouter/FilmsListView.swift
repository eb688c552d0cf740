import AppSeam
import FilmsKit
import PlaygroundUI
import RouterRuntime

/// The list screen: the header's badge, the search field, the results (each opening the film's screen) and the
/// fault injection.
struct FilmsListView: View {

    @StateObject var container: MVIContainer<FilmsListIntentProtocol, FilmsListModelStateProtocol>
    let data: FilmsListTypes.Intent.ExternalData

    private var intent: FilmsListIntentProtocol { container.intent }
    private var state: FilmsListModelStateProtocol { container.model }

    var body: some View {
        NavigationStack {
            VStack(alignment: .leading, spacing: 8) {
                FilmsHeader(favourites: state.favourites.count)
                FilmsSearchField(query: state.query, submit: intent.onSubmitSearch)
                switch state.contentState {
                case .idle:
                    Text("Search the catalog by title.")
                case .loading:
                    FilmsLoadingView("Searching for \u{201C}\(state.query)\u{201D}")
                case let .content(films) where films.isEmpty:
                    Text(FilmsMessages.noResults(state.query))
                case let .content(films):
                    List(films, id: \.id) { film in
                        FilmRow(
                            film: film, isFavourite: state.favourites.contains(film.id),
                            open: { intent.onTapFilm(id: film.id) }, toggleFavourite: { intent.onTapFavourite(id: film.id) })
                    }
                case .failed:
                    EmptyView()
                }
                FaultInjectionControls(settings: state.faults, choose: intent.onSelectFaults)
            }
            .id("films-router-list")
            .modifier(FilmsListRouter(routerEvents: state.routerEvents, intent: intent, data: data))
        }
    }
}

extension FilmsListView {

    static func build(data: FilmsListTypes.Intent.ExternalData) -> FilmsListView {
        let model = FilmsListModel()
        let intent = FilmsListIntent(model: model, externalData: data)
        let container = MVIContainer(
            intent: intent as FilmsListIntentProtocol,
            model: model as FilmsListModelStateProtocol,
            modelChangePublisher: model.objectWillChange)
        return FilmsListView(container: container, data: data)
    }
}
