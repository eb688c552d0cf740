extension ContentLoadState {
    /// A load state as a checkpoint writes it: its case, and an error's title and message (what the error view draws).
    public struct Saved: Codable, Sendable, Equatable {
        public var state: String
        public var title: String?
        public var message: String?
    }

    /// This state, written down.
    public var saved: Saved {
        guard case .error(let error) = self else { return Saved(state: caseName) }
        let displayable = error as? any DisplayableError
        return Saved(state: "error", title: displayable?.title ?? "Error:", message: displayable?.message ?? String(describing: error))
    }

    /// The state `saved` wrote down; nil for one no state writes.
    public init?(_ saved: Saved) {
        switch (saved.state, saved.title, saved.message) {
        case ("loading", nil, nil): self = .loading
        case ("noData", nil, nil): self = .noData
        case ("hasData", nil, nil): self = .hasData
        case ("error", let title?, let message?): self = .error(error: SavedError(title: title, message: message))
        default: return nil
        }
    }
}

/// An error a view model showed, as a checkpoint wrote it down: what the error view draws.
private struct SavedError: DisplayableError {
    let title: String
    let message: String
}
