import PlaygroundUI
import RoomServices

/// The seed's view for a ``ContentLoadState``: one of four views, with defaults for all but `hasDataView`
/// (``ErrorView``, ``LoadingView``, ``NoDataView``).
///
/// ```swift
/// StatefulView(state: viewModel.contentLoadState, hasDataView: { postsView }, errorView: { _ in errorView })
/// ```
public struct StatefulView<AnyHasDataView: View, AnyErrorView: View, AnyLoadingView: View, AnyNoDataView: View>: View {
    private let state: ContentLoadState

    /// The content, for `.hasData`.
    public let hasDataView: () -> AnyHasDataView
    /// The view for `.error`.
    public let errorView: (any Error) -> AnyErrorView
    /// The view for `.loading`.
    public let loadingView: () -> AnyLoadingView
    /// The view for `.noData`.
    public let noDataView: () -> AnyNoDataView

    /// The view for `state`; the views not given are the defaults.
    public init(
        state: ContentLoadState,
        @ViewBuilder hasDataView: @escaping () -> AnyHasDataView,
        @ViewBuilder errorView: @escaping (any Error) -> AnyErrorView,
        @ViewBuilder loadingView: @escaping () -> AnyLoadingView,
        @ViewBuilder noDataView: @escaping () -> AnyNoDataView
    ) {
        self.state = state
        self.hasDataView = hasDataView
        self.errorView = errorView
        self.loadingView = loadingView
        self.noDataView = noDataView
    }

    public var body: some View {
        // Evaluated whenever its view is drawn: the StatefulView stage of the step being drawn (a render no event caused
        // reports into no row).
        Stages.record(NiceStage.statefulView, "StatefulView(state: \(state))")
        return Group {
            switch state {
            case .hasData: hasDataView()
            case .error(let error): errorView(error)
            case .loading: loadingView()
            case .noData: noDataView()
            }
        }
    }
}

extension StatefulView where AnyErrorView == ErrorView, AnyLoadingView == LoadingView, AnyNoDataView == NoDataView {
    /// The view for `state`; the views not given are the defaults.
    public init(state: ContentLoadState, @ViewBuilder hasDataView: @escaping () -> AnyHasDataView) {
        self.init(
            state: state, hasDataView: hasDataView, errorView: { ErrorView(error: $0) }, loadingView: { LoadingView() },
            noDataView: { NoDataView() })
    }
}

extension StatefulView where AnyErrorView == ErrorView, AnyLoadingView == LoadingView {
    /// The view for `state`; the views not given are the defaults.
    public init(
        state: ContentLoadState, @ViewBuilder hasDataView: @escaping () -> AnyHasDataView,
        @ViewBuilder noDataView: @escaping () -> AnyNoDataView
    ) {
        self.init(
            state: state, hasDataView: hasDataView, errorView: { ErrorView(error: $0) }, loadingView: { LoadingView() },
            noDataView: noDataView)
    }
}

extension StatefulView where AnyErrorView == ErrorView, AnyNoDataView == NoDataView {
    /// The view for `state`; the views not given are the defaults.
    public init(
        state: ContentLoadState, @ViewBuilder hasDataView: @escaping () -> AnyHasDataView,
        @ViewBuilder loadingView: @escaping () -> AnyLoadingView
    ) {
        self.init(
            state: state, hasDataView: hasDataView, errorView: { ErrorView(error: $0) }, loadingView: loadingView,
            noDataView: { NoDataView() })
    }
}

extension StatefulView where AnyLoadingView == LoadingView, AnyNoDataView == NoDataView {
    /// The view for `state`; the views not given are the defaults.
    public init(
        state: ContentLoadState, @ViewBuilder hasDataView: @escaping () -> AnyHasDataView,
        @ViewBuilder errorView: @escaping (any Error) -> AnyErrorView
    ) {
        self.init(
            state: state, hasDataView: hasDataView, errorView: errorView, loadingView: { LoadingView() },
            noDataView: { NoDataView() })
    }
}

extension StatefulView where AnyNoDataView == NoDataView {
    /// The seed's `PostsView` uses this one: its own error and loading views, the default "No data.".
    public init(
        state: ContentLoadState, @ViewBuilder hasDataView: @escaping () -> AnyHasDataView,
        @ViewBuilder errorView: @escaping (any Error) -> AnyErrorView, @ViewBuilder loadingView: @escaping () -> AnyLoadingView
    ) {
        self.init(state: state, hasDataView: hasDataView, errorView: errorView, loadingView: loadingView, noDataView: { NoDataView() })
    }
}
