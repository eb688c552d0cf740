/// A token bucket: `rate` tokens a second, at most `burst` saved up; each event takes one.
///
/// Time is the caller's (`ContinuousClock.Instant`), so tests drive it without sleeping.
struct TokenBucket: Sendable {
    let rate: Double
    let burst: Double
    private(set) var tokens: Double
    private(set) var updated: ContinuousClock.Instant

    /// A full bucket.
    init(rate: Double, burst: Double, now: ContinuousClock.Instant) {
        self.rate = rate
        self.burst = max(1, burst)
        self.tokens = max(1, burst)
        self.updated = now
    }

    /// Takes `cost` tokens (at most a whole burst); when there are fewer, returns how long until there are enough
    /// and takes nothing.
    mutating func take(now: ContinuousClock.Instant, cost: Double = 1) -> Duration? {
        refill(now: now)
        let cost = min(max(1, cost), burst)
        guard tokens < cost else {
            tokens -= cost
            return nil
        }
        return .seconds((cost - tokens) / rate)
    }

    /// True once the bucket has refilled completely: forgetting it then changes nothing.
    func isFull(now: ContinuousClock.Instant) -> Bool {
        var copy = self
        copy.refill(now: now)
        return copy.tokens >= burst
    }

    private mutating func refill(now: ContinuousClock.Instant) {
        guard now > updated else { return }
        let elapsed = now - updated
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        tokens = min(burst, tokens + seconds * rate)
        updated = now
    }
}

/// An event budget: a rate and a burst (`rate` 0 = no limit).
public struct EventBudget: Sendable, Equatable {
    /// Events a second, sustained; 0 turns the budget off.
    public var perSecond: Double
    /// Events that may arrive at once after a quiet spell.
    public var burst: Int

    public init(perSecond: Double, burst: Int) {
        self.perSecond = perSecond
        self.burst = burst
    }

    /// No limit.
    public static let unlimited = EventBudget(perSecond: 0, burst: 0)

    var isLimited: Bool { perSecond > 0 }

    func makeBucket(now: ContinuousClock.Instant) -> TokenBucket {
        TokenBucket(rate: perSecond, burst: Double(max(1, burst)), now: now)
    }
}

extension Duration {
    /// Whole seconds for a `Retry-After` header: rounded up, at least 1.
    var retryAfterSeconds: Int {
        let (seconds, attoseconds) = components
        return max(1, Int(seconds) + (attoseconds > 0 ? 1 : 0))
    }
}
