import PlaygroundHTTP
import Testing

@testable import PlaygroundApp

/// The token buckets behind the per-client and per-room event budgets, on a clock the test drives.
@Suite("Event budgets")
struct EventBudgetTests {
    let start = ContinuousClock.now

    @Test func aBucketAllowsItsBurstThenItsRate() {
        var bucket = TokenBucket(rate: 10, burst: 5, now: start)
        for _ in 0..<5 { #expect(bucket.take(now: start) == nil) }
        let wait = bucket.take(now: start)
        #expect(wait != nil && wait! > .milliseconds(99) && wait! <= .milliseconds(100), "one token every 100 ms")
        #expect(bucket.take(now: start + .milliseconds(100)) == nil)
        #expect(bucket.take(now: start + .milliseconds(150)) != nil)
        #expect(!bucket.isFull(now: start + .milliseconds(200)))
        #expect(bucket.isFull(now: start + .seconds(1)), "five tokens refill in half a second")
    }

    @Test func retryAfterRoundsUpToWholeSeconds() {
        #expect(Duration.milliseconds(1).retryAfterSeconds == 1)
        #expect(Duration.seconds(1).retryAfterSeconds == 1)
        #expect(Duration.milliseconds(1_001).retryAfterSeconds == 2)
    }

    @Test func oneClientsFloodLeavesOthersTheirBudget() throws {
        let limiter = ClientEventLimiter(budget: EventBudget(perSecond: 100, burst: 200))
        for _ in 0..<200 { try limiter.admit("127.0.0.2", now: start) }
        #expect(throws: HTTPError.self) { try limiter.admit("127.0.0.2", now: start) }
        do {
            try limiter.admit("127.0.0.2", now: start)
        } catch {
            #expect(error.status == .tooManyRequests)
            #expect(error.code == "too_many_events_from_client")
            #expect(error.headers["Retry-After"] == "1")
            #expect(error.message.contains("100 events/s (bursts of 200)"))
        }
        try limiter.admit("127.0.0.3", now: start)
        try limiter.admit("127.0.0.2", now: start + .milliseconds(10))
    }

    @Test func theClientMapIsBounded() throws {
        let limiter = ClientEventLimiter(budget: EventBudget(perSecond: 1, burst: 1), maxClients: 100)
        for index in 0..<1_000 { try limiter.admit("10.0.\(index / 256).\(index % 256)", now: start) }
        #expect(limiter.count <= 100)
        // Buckets that refilled are the ones forgotten first; a client still in its wait keeps it.
        let limiter2 = ClientEventLimiter(budget: EventBudget(perSecond: 1, burst: 1), maxClients: 3)
        try limiter2.admit("a", now: start)
        try limiter2.admit("b", now: start + .seconds(2))
        try limiter2.admit("c", now: start + .seconds(2))
        try limiter2.admit("d", now: start + .seconds(2))  // "a" has refilled: it goes, "b" and "c" stay
        #expect(throws: HTTPError.self) { try limiter2.admit("b", now: start + .seconds(2)) }
        #expect(limiter2.count == 3)
    }

    @Test func anUnlimitedBudgetNeverRefuses() throws {
        let limiter = ClientEventLimiter(budget: .unlimited)
        for _ in 0..<10_000 { try limiter.admit("127.0.0.2", now: start) }
        #expect(limiter.count == 0)
    }
}
