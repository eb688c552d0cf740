import PlaygroundHTTP
import Synchronization

/// One token bucket per client address for `POST /rooms/{id}/events`: one script cannot flood a shared room.
///
/// The map is bounded: when it holds `maxClients` buckets, the ones that have refilled (their clients went
/// quiet) are forgotten; if none has, all are, which only hands every client a fresh burst.
final class ClientEventLimiter: Sendable {
    let budget: EventBudget
    let maxClients: Int
    private let buckets = Mutex<[String: TokenBucket]>([:])

    init(budget: EventBudget, maxClients: Int = 65_536) {
        self.budget = budget
        self.maxClients = maxClients
    }

    /// Takes one token for `client`, or throws 429 with `Retry-After` when its bucket is empty.
    func admit(_ client: String?, now: ContinuousClock.Instant = .now) throws(HTTPError) {
        guard budget.isLimited else { return }
        let client = client ?? "unknown"
        let wait = buckets.withLock { buckets -> Duration? in
            if buckets[client] == nil, buckets.count >= maxClients {
                buckets = buckets.filter { !$0.value.isFull(now: now) }
                if buckets.count >= maxClients { buckets.removeAll(keepingCapacity: true) }
            }
            return buckets[client, default: budget.makeBucket(now: now)].take(now: now)
        }
        if let wait {
            throw HTTPError(
                .tooManyRequests, code: "too_many_events_from_client",
                message: "This address posts events faster than \(budget.describe) allows; wait \(wait.retryAfterSeconds) s (Retry-After).",
                headers: ["Retry-After": String(wait.retryAfterSeconds)])
        }
    }

    /// Buckets held now (tests, bounds).
    var count: Int { buckets.withLock { $0.count } }
}

extension EventBudget {
    /// "100 events/s (bursts of 200)".
    var describe: String {
        let rate = perSecond == perSecond.rounded() ? String(Int(perSecond)) : String(perSecond)
        return "\(rate) events/s (bursts of \(max(1, burst)))"
    }
}
