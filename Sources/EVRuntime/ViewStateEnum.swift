/// The seed's per-view state machine: `initial` runs its checks and moves to `isLoading`, which loads and
/// moves to `loaded` or `failed`; either earlier state may fail. Views change it with an action such as
/// `.changeStateTo(.isLoading)`.
public enum ViewStateEnum: Equatable, Sendable {
    /// Nothing checked yet.
    case initial
    /// Loading the view's data.
    case isLoading
    /// Data shown.
    case loaded
    /// Something failed; the view shows the error.
    case failed(ViewStateError)

    /// Whether the template allows moving from this state to `next`.
    public func canChange(to next: ViewStateEnum) -> Bool {
        switch (self, next) {
        case (.initial, .isLoading), (.initial, .failed), (.isLoading, .loaded), (.isLoading, .failed): true
        default: false
        }
    }

    /// `next` if the template allows it, otherwise `.failed(.error)` ("Error of changing view state").
    public func changed(to next: ViewStateEnum) -> ViewStateEnum {
        canChange(to: next) ? next : .failed(.error)
    }
}

/// Why a view state failed.
public enum ViewStateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A state change the template does not allow.
    case error

    /// "Error of changing view state".
    public var description: String {
        switch self {
        case .error: "Error of changing view state"
        }
    }
}
