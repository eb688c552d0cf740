import AppSeam

/// A read-only snapshot of the list app for `/state`.
public struct ListViewSnapshot: Sendable, Equatable, Codable {
    /// The items shown.
    public var items: [String]
    /// The message of the alert shown, or `nil`.
    @Nullable public var alert: String? = nil
    /// Actions waiting for the running one.
    public var pendingActions: Int
    /// Whether an action is running.
    public var actionRunning: Bool

    /// Makes a snapshot.
    public init(items: [String], alert: String?, pendingActions: Int, actionRunning: Bool) {
        (self.items, self.alert, self.pendingActions, self.actionRunning) = (items, alert, pendingActions, actionRunning)
    }
}
