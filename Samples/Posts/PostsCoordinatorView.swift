import NiceRuntime
import PlaygroundUI

/// The posts flow: the list, or the open post pushed over it with a way back (the seed's `NavigationView` with
/// `.navigation(item: $coordinator.postDetailViewModel)`). The pushed-over list disappears, as in a navigation
/// stack, so its view model unbinds, and binds again (reloading) on the way back.
public struct PostsCoordinatorView: View {
    @ObservedObject var coordinator: PostsCoordinator

    /// The flow of `coordinator`.
    public init(coordinator: PostsCoordinator) {
        self.coordinator = coordinator
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            if let detail = coordinator.postDetailViewModel {
                Button("‹ Posts") { coordinator.pop() }
                // Each detail view model is a new pushed view, which binds as it appears (opening another post
                // from an open one replaces the destination, as a navigation link does).
                ForEach([ObjectIdentifier(detail)], id: \.self) { _ in
                    PostDetailView(viewModel: detail)
                }
            } else {
                PostsView(viewModel: coordinator.viewModel)
            }
        }
    }
}
