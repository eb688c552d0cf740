import OpenCombine

/// MVI's view model, the seed's "business layer": it holds the **Model** (`uiState`), receives **Intents** (its
/// methods) and publishes every new state to the **View**.
///
/// ```swift
/// final class SearchPageViewModel: MVIViewModel {
///     @Published var uiState: SearchPageState = .Init
///     var uiStatePublisher: Published<SearchPageState>.Publisher { $uiState }
///     let intents: MVIIntents
///     func loadMovies(query: String) { … }        // an intent
/// }
/// ```
public protocol MVIViewModel: ObservableObject {
    /// The screen's state type (the seed's `SearchPageState`).
    associatedtype UIState: MVIState

    /// The current state: the view draws exactly one view for it.
    var uiState: UIState { get }

    /// `$uiState`: every new state, as `@Published` announces it (before it is stored).
    var uiStatePublisher: Published<UIState>.Publisher { get }

    /// Where the intents are numbered, their effects run and their results applied (latest wins).
    var intents: MVIIntents { get }
}
