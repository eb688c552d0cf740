import FilmsKit
import PlaygroundUI
import RouterRuntime

/// The seed's `filmScreen(id:)`, pushed by the list's router: the film's detail, loaded as the screen appears.
struct FilmView: View {

    @StateObject var container: MVIContainer<FilmIntentProtocol, FilmModelStateProtocol>

    private var intent: FilmIntentProtocol { container.intent }
    private var state: FilmModelStateProtocol { container.model }

    var body: some View {
        NavigationStack {
            VStack(alignment: .leading, spacing: 8) {
                switch state.contentState {
                case .loading:
                    Button("‹ Back", action: intent.onTapBack)
                    FilmsLoadingView("Loading film \(state.filmID)")
                case let .content(film):
                    FilmDetailCard(film: film, isFavourite: state.isFavourite, back: intent.onTapBack, toggleFavourite: intent.onTapFavourite)
                case .failed:
                    Button("‹ Back", action: intent.onTapBack)
                    Text("Film \(state.filmID) is not loaded.")
                }
            }
            .onAppear(perform: intent.viewOnAppear)
            .modifier(FilmRouter(routerEvents: state.routerEvents, intent: intent))
        }
    }
}

extension FilmView {

    static func build(data: FilmTypes.Intent.ExternalData) -> FilmView {
        let model = FilmModel(filmID: data.filmID)
        let intent = FilmIntent(model: model, externalData: data)
        let container = MVIContainer(
            intent: intent as FilmIntentProtocol,
            model: model as FilmModelStateProtocol,
            modelChangePublisher: model.objectWillChange)
        return FilmView(container: container)
    }
}
