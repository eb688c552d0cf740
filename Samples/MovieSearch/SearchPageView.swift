import MVIRuntime
import PlaygroundUI

/// The seed's search page: a text field to type the keyword in, and below it exactly one view for the current
/// state of the application.
public struct SearchPageView: View {
    @ObservedObject var vm: SearchPageViewModel

    @State private var query: String = ""

    /// The page for `viewModel`.
    public init(viewModel: SearchPageViewModel) {
        self.vm = viewModel
    }

    /// The field and the view for the current state.
    public var body: some View {
        VStack(alignment: .leading, spacing: 8) {

            // Enter the keyword here and when committed fire an Intent to load the movies
            TextField("search movies", text: $query, onCommit: {
                // Fires an Intent to load the movies for the keyword
                self.vm.loadMovies(query: self.query)
            })

            /**
             * It contains the exhaustive cases. It observes the uiState and
             * updates its view accordingly (the seed erases each case to AnyView; a view builder needs no erasure)
             */
            Group {
                switch vm.uiState {

                case .Init:
                    Text("Please type in to query")

                case .Loading(let message):
                    HStack(spacing: 8) {
                        ProgressView()
                        Text(message)
                    }

                case .SuccessfullyFetched(let movies):
                    // This displays the list of Movies matching the keyword
                    SearchedMoviesView(movies: movies, vm: vm)

                case .NoResultsFound:
                    Text("No matching movies found")

                case .ApiError(let errorMessage):
                    Text(errorMessage)
                        .foregroundColor(.red)
                }
            }
        }
    }
}
