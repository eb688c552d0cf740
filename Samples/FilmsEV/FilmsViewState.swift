/// The article's per-view state machine (its `ViewStateEnum`): `initial`, `isLoading` while the catalog answers,
/// `loaded`, or `failed`. Each screen's `.changeStateTo(…)` action moves it; what a state shows is the screen's.
enum FilmsViewState: Equatable, Sendable {
    case initial
    case isLoading
    case loaded
    case failed
}
