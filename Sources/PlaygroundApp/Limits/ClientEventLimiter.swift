import PlaygroundHTTP
import Synchronization

/// One token bucket per client address for `POST /rooms/{id}/events`: one script cannot flood a shared room.
///
/// The map is bounded: when it holds `maxClients` buckets, the ones that have refilled (their clients went
/// quiet) are forgotten; if none has, all are, which only hands every client a fresh burst.
final class ClientEventLimiter: Sendable {
    let budget: EventBudget
    let maxClients: Int
    /// What a refusal says: its code and what the budget counts ("posts events", "replays history steps").
    let refusal: (code: String, doing: String, unit: String)
    private let buckets = Mutex<[String: TokenBucket]>([:])

    init(
        budget: EventBudget, maxClients: Int = 65_536,
        refusal: (code: String, doing: String, unit: String) = ("too_many_events_from_client", "posts events", "events")
    ) {
        self.budget = budget
        self.maxClients = maxClients
        self.refusal = refusal
    }

    /// Takes `cost` tokens for `client`, or throws 429 with `Retry-After` when its bucket has fewer.
    func admit(_ client: String?, cost: Double = 1, now: ContinuousClock.Instant = .now) throws(HTTPError) {
        guard budget.isLimited else { return }
        let client = client ?? "unknown"
        let wait = buckets.withLock { buckets -> Duration? in
            if buckets[client] == nil, buckets.count >= maxClients {
                buckets = buckets.filter { !$0.value.isFull(now: now) }
                if buckets.count >= maxClients { buckets.removeAll(keepingCapacity: true) }
            }
            return buckets[client, default: budget.makeBucket(now: now)].take(now: now, cost: cost)
        }
        if let wait {
            throw HTTPError(
                .tooManyRequests, code: refusal.code,
                message:
                    "This address \(refusal.doing) faster than \(budget.describe(refusal.unit)) allows; wait \(wait.retryAfterSeconds) s (Retry-After).",
                headers: ["Retry-After": String(wait.retryAfterSeconds)])
        }
    }

    /// Buckets held now (tests, bounds).
    var count: Int { buckets.withLock { $0.count } }
}

extension EventBudget {
    /// "100 events/s (bursts of 200)".
    var describe: String { describe("events") }

    /// "2000 steps/s (bursts of 10000)".
    func describe(_ unit: String) -> String {
        let rate = perSecond == perSecond.rounded() ? String(Int(perSecond)) : String(perSecond)
        return "\(rate) \(unit)/s (bursts of \(max(1, burst)))"
    }
}
