/// Why an effect's result was dropped instead of changing the state.
public enum MVIDropReason: String, Sendable, Equatable {
    /// A newer intent came in while the effect was running.
    case superseded
    /// The app was unmounted (the room closed) while the effect was running.
    case cancelled
}
