/// A read-only snapshot of the list app for `/state`.
public struct ListViewSnapshot: Sendable, Equatable, Encodable {
    /// The items shown.
    public var items: [String]
    /// The message of the alert shown, or `nil`.
    public var alert: String?
    /// Actions waiting for the running one.
    public var pendingActions: Int
    /// Whether an action is running.
    public var actionRunning: Bool

    /// Makes a snapshot.
    public init(items: [String], alert: String?, pendingActions: Int, actionRunning: Bool) {
        (self.items, self.alert, self.pendingActions, self.actionRunning) = (items, alert, pendingActions, actionRunning)
    }

    private enum CodingKeys: String, CodingKey { case items, alert, pendingActions, actionRunning }

    /// Encodes a missing alert as JSON `null` rather than leaving the key out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(alert, forKey: .alert)
        try container.encode(pendingActions, forKey: .pendingActions)
        try container.encode(actionRunning, forKey: .actionRunning)
    }
}
