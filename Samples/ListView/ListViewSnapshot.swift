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
    /// The pitfall switch: `unserialised-actions`, on when `trigger` runs as the article's (every action at once).
    public var pitfall: PitfallState
    /// Items shown past the interactor's cap of 5: the bug, counted (0 while the fix runs).
    public var overCap: Int

    /// Makes a snapshot.
    public init(
        items: [String], alert: String?, pendingActions: Int, actionRunning: Bool,
        pitfall: PitfallState = PitfallState(name: "unserialised-actions", on: false)
    ) {
        (self.items, self.alert, self.pendingActions, self.actionRunning) = (items, alert, pendingActions, actionRunning)
        (self.pitfall, self.overCap) = (pitfall, max(0, items.count - 5))
    }
}
