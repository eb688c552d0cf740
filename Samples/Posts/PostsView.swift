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
                Picker("Select a post", selection: $viewModel.displayState) {
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
                errorView: { _ in
                    errorView
                },
                loadingView: {
                    loadingView
                }
            )

        }
        .bindToVM(viewModel)
    }

    private var errorView: some View {
        VStack {
            Text("Something's gone wrong! Try reloading.")
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
