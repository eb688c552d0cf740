import NiceRuntime
import PlaygroundUI

/// The posts list: a "Show All" / "Favourites" picker above a ``StatefulView`` with the app's own loading view
/// (10 placeholder rows) and error view (with a way to reload), and the default "No data.".
public struct PostsView: View {
    @ObservedObject var viewModel: PostsViewModel

    /// The list of `viewModel`.
    public init(viewModel: PostsViewModel) {
        self.viewModel = viewModel
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            HStack(spacing: 12) {
                Picker("Filter", selection: $viewModel.displayState) {
                    ForEach(PostsDisplayState.allCases, id: \.self) {
                        Text($0.rawValue).tag($0)
                    }
                }
                // The seed triggers the error by swiping a row to delete it.
                Button("Trigger error") { viewModel.triggerError() }
            }

            StatefulView(
                state: viewModel.contentLoadState,
                hasDataView: { postsView },
                errorView: { error in
                    errorView(error)
                },
                loadingView: {
                    loadingView
                }
            )

        }
        .bindToVM(viewModel)
    }

    /// The seed's error view, with what went wrong as the ErrorService handed it over (a displayable error's title
    /// and message: the injected failure, the HTTP status, or the seed's unknown and connectivity errors).
    private func errorView(_ error: any Error) -> some View {
        VStack {
            Text("Something's gone wrong! Try reloading.")
            if let displayable = error as? any DisplayableError {
                Text("\(displayable.title): \(displayable.message)")
                    .font(.caption)
            }
            Button("Reload") { viewModel.reload() }
        }
    }

    private var loadingView: some View {
        ForEach(0..<10, id: \.self) { _ in
            EmptyPostCell()
        }
    }

    private var postsView: some View {
        ForEach(viewModel.filteredPosts, id: \.id) { post in
            PostCell(post: post, onFavourite: { id in viewModel.favourite(id) }, onTap: { viewModel.showPostDetail(post.id) })
        }
    }
}
