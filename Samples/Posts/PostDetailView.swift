import NiceRuntime
import PlaygroundUI

/// One post: its title and body, with the default views for the other load states.
public struct PostDetailView: View {
    @ObservedObject var viewModel: PostDetailViewModel

    /// The post of `viewModel`.
    public init(viewModel: PostDetailViewModel) {
        self.viewModel = viewModel
    }

    public var body: some View {
        StatefulView(
            state: viewModel.contentLoadState,
            hasDataView: {
                if let post = viewModel.post {
                    VStack(alignment: .leading) {
                        Text(post.title)
                            .font(.largeTitle)
                            .padding(8)

                        if let author = viewModel.author {
                            Text("by \(author)")
                                .bold()
                        }

                        Text(post.body)

                        Spacer()
                    }
                    .padding()
                }
            }
        )
        .bindToVM(viewModel)
    }
}
