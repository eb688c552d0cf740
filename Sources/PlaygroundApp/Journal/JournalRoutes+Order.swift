import AppSeam
import PlaygroundHTTP
import PlaygroundJournal

// The order of deliveries of work that ran side by side (VVSI's actions with the unserialised-actions pitfall on):
// checked in an imported document, and the live room's tail for a fork or a past page of its latest step.
extension JournalRoutes {
    /// What `room` applied after `step`, as the step after it, when `step` is its latest and some of it ran side by
    /// side; else nil (a replay then lets it come as it comes).
    static func tail(of room: Room, after step: Int) -> JournalEntry? {
        room.perform { $0.deliveryTail() }.flatMap { $0.step == step ? $0.asFollowingStep : nil }
    }

    /// Each step's `order` and the document's `tail`: version 4, naming apps of this playground, well-formed runs
    /// (at most ``DeliveryOrder/maxRuns``), ordering no more deliveries than the app applied since the step before;
    /// the tail follows the last step and its counts do not go back. 422 `invalid_delivery_order` otherwise.
    static func validateDeliveryOrders(of document: JournalDocument, registry: AppRegistry) throws(HTTPError) {
        var delivered = document.base?.deliveries ?? [:]
        for entry in document.entries {
            if let order = entry.order {
                try check(order, of: "Step \(entry.step)", counts: entry.deliveries, since: delivered, version: document.version, registry: registry)
            }
            for (app, count) in entry.deliveries ?? [:] { delivered[app] = count }
        }
        guard let tail = document.tail else { return }
        let last = (document.base?.step ?? 0) + document.entries.count
        guard tail.step == last else { throw invalidOrder("The tail follows step \(tail.step); the document's last step is \(last).") }
        if let app = tail.deliveries.keys.sorted().first(where: { registry.index(of: $0) == nil }) {
            throw HTTPError(
                .unprocessableContent, code: "unknown_app", message: "The tail names the app \(quoted(app)); this playground has \(registry.ids.joined(separator: ", ")).")
        }
        if let (app, count) = tail.deliveries.sorted(by: { $0.key < $1.key }).first(where: { $0.value < (delivered[$0.key] ?? 0) }) {
            throw invalidOrder("The tail says \(quoted(app)) had applied \(count) deliveries, fewer than the last step; the counts only grow.")
        }
        try check(tail.order, of: "The tail", counts: tail.deliveries, since: delivered, version: document.version, registry: registry)
    }

    private static func check(
        _ order: [String: [Int]], of step: String, counts: [String: Int]?, since delivered: [String: Int], version: Int, registry: AppRegistry
    ) throws(HTTPError) {
        guard version >= 4 else {
            throw HTTPError(.badRequest, code: "invalid_document", message: "A version \(version) document has no delivery order; it comes with version 4.")
        }
        guard let counts else { throw invalidOrder("\(step) orders deliveries but counts none (`deliveries`).") }
        for (app, runs) in order.sorted(by: { $0.key < $1.key }) {
            guard registry.index(of: app) != nil else {
                throw HTTPError(
                    .unprocessableContent, code: "unknown_app", message: "\(step) names the app \(quoted(app)); this playground has \(registry.ids.joined(separator: ", ")).")
            }
            guard let parsed = DeliveryOrder(runs: runs) else {
                throw invalidOrder(
                    "\(step)'s order of \(quoted(app)) is not runs of [source, count, …] (sources 0 or more, counts 1 or more, neighbours differ, "
                        + "at most \(DeliveryOrder.maxRuns) runs).")
            }
            let since = (counts[app] ?? 0) - (delivered[app] ?? 0)
            guard parsed.count <= since else {
                throw invalidOrder("\(step) orders \(parsed.count) deliveries of \(quoted(app)); it applied \(max(since, 0)) since the step before.")
            }
        }
    }

    private static func invalidOrder(_ message: String) -> HTTPError {
        HTTPError(.unprocessableContent, code: "invalid_delivery_order", message: message)
    }
}
