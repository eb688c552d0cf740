import PlaygroundUI

/// The pane's root: the seed's search page (fragment `mvi-search`) and, under it, the fault injection controls
/// (fragment `mvi-faults`), each patched on its own.
public struct MovieSearchApp: View {
    /// The app's name in posted events (`app=mvi`).
    public static let appName = "mvi"
    /// The fragment id of the search page.
    public static let searchFragmentID = "mvi-search"
    /// The fragment id of the fault injection controls.
    public static let faultsFragmentID = "mvi-faults"

    let viewModel: SearchPageViewModel
    let faults: FaultInjectingMovieRepository
    let send: (MovieSearchEvent) -> Void

    /// The page for `viewModel`, with controls for `faults`; the paging and fault buttons call `send`.
    public init(viewModel: SearchPageViewModel, faults: FaultInjectingMovieRepository, send: @escaping (MovieSearchEvent) -> Void) {
        (self.viewModel, self.faults, self.send) = (viewModel, faults, send)
    }

    /// The search page and the fault controls.
    public var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            SearchPageView(viewModel: viewModel)
                .id(Self.searchFragmentID)
            FaultInjectionControls(settings: faults.settings)
                .id(Self.faultsFragmentID)
        }
        .environment(\.sendMovieSearchEvent, send)
    }
}
