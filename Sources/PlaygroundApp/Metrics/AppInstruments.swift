internal import CoreMetrics
import PlaygroundHTTP
import PlaygroundJournal
import Synchronization

/// The playground's own swift-metrics instruments (rooms, events, requests), beside the HTTP server's.
///
/// Made once per `Playground` from its Prometheus factory; with no factory every instrument is nil and costs
/// nothing. The names are the ones `/metrics` shows (docs/hosting.md, "Metrics").
final class AppInstruments: Sendable {
    private let rooms: Meter?
    private let hibernatedRooms: Meter?
    private let restoreTime: CoreMetrics.Timer?
    private let closedIdle: Counter?
    private let evictedUnused: Counter?
    private let evictedLeastRecentlyUsed: Counter?
    /// Time from an accepted event to its patch handed to every stream (render, diff, fan-out).
    private let publishTime: CoreMetrics.Timer?
    /// How long each journal commit took, and how many writes it carried (group commit).
    private let commitTime: CoreMetrics.Timer?
    private let commitWrites: Recorder?
    private let factory: (any MetricsFactory)?
    /// Counters by label set, made on first use: route patterns, apps and error codes are all fixed strings.
    private let counters = Mutex<[String: Counter]>([:])

    init(factory: (any MetricsFactory)?) {
        self.factory = factory
        guard let factory else {
            (rooms, closedIdle, evictedUnused, evictedLeastRecentlyUsed, publishTime) = (nil, nil, nil, nil, nil)
            (commitTime, commitWrites, hibernatedRooms, restoreTime) = (nil, nil, nil, nil)
            return
        }
        rooms = Meter(label: "playground_rooms", factory: factory)
        hibernatedRooms = Meter(label: "playground_rooms_hibernated", factory: factory)
        restoreTime = CoreMetrics.Timer(label: "playground_room_restore_seconds", factory: factory)
        closedIdle = Counter(label: "playground_rooms_closed_idle_total", factory: factory)
        evictedUnused = Counter(label: "playground_room_evictions_total", dimensions: [("kind", "unused")], factory: factory)
        evictedLeastRecentlyUsed = Counter(
            label: "playground_room_evictions_total", dimensions: [("kind", "least_recently_used")], factory: factory)
        publishTime = CoreMetrics.Timer(label: "playground_event_publish_seconds", factory: factory)
        commitTime = CoreMetrics.Timer(label: "playground_journal_commit_seconds", factory: factory)
        commitWrites = Recorder(label: "playground_journal_commit_writes", factory: factory)
    }

    func roomCount(_ count: Int) {
        rooms?.set(count)
    }

    /// Every room, and the hibernated ones among them (`playground_rooms`, `playground_rooms_hibernated`).
    func roomCounts(_ counts: RoomRegistry.Counts) {
        rooms?.set(counts.all)
        hibernatedRooms?.set(counts.hibernated)
    }

    func roomHibernated() {
        count("playground_room_hibernations_total", [])
    }

    /// A checkpoint written as a race of VVSI actions run side by side ended (`playground_room_race_checkpoints_total`).
    func raceCheckpointWritten() {
        count("playground_room_race_checkpoints_total", [])
    }

    /// A hibernated room woken: how long its restore took (`playground_room_restore_seconds`).
    func roomRestored(took duration: Duration) {
        restoreTime?.recordNanoseconds(duration.nanoseconds)
    }

    func roomsClosedIdle(_ count: Int) {
        if count > 0 { closedIdle?.increment(by: count) }
    }

    func roomEvicted(_ eviction: RoomRegistry.Eviction) {
        switch eviction {
        case .unused: evictedUnused?.increment()
        case .leastRecentlyUsed: evictedLeastRecentlyUsed?.increment()
        }
    }

    /// Steps a woken room replayed after its checkpoint (`playground_room_restore_steps_total`).
    func roomReplayed(steps: Int) {
        guard let factory else { return }
        let counter = counters.withLock { counters in
            if let counter = counters["restore_steps"] { return counter }
            let counter = Counter(label: "playground_room_restore_steps_total", factory: factory)
            counters["restore_steps"] = counter
            return counter
        }
        if steps > 0 { counter.increment(by: steps) }
    }

    /// Steps a woken room could not replay and cut off (`playground_journal_steps_dropped_total`).
    func journalStepsDropped(_ count: Int) {
        guard let factory, count > 0 else { return }
        Counter(label: "playground_journal_steps_dropped_total", factory: factory).increment(by: count)
    }

    func eventAccepted(app: String, publishTime duration: Duration) {
        count("playground_events_accepted_total", [("app", app)])
        publishTime?.recordNanoseconds(duration.nanoseconds)
    }

    /// One journal commit: `writes` queued writes (steps, snapshots, rooms) in one transaction.
    func journalCommitted(writes: Int, duration: Duration) {
        commitTime?.recordNanoseconds(duration.nanoseconds)
        commitWrites?.record(writes)
    }

    /// What opening a damaged journal cost (once, at start-up): `playground_journal_set_aside_total`,
    /// `playground_journal_log_records_dropped_total` and `playground_journal_steps_dropped_total`, shown at 0 too, so
    /// an alert can be written before anything is ever damaged.
    func journalDamaged(_ damage: JournalDamage) {
        guard let factory else { return }
        for (label, count) in [
            ("playground_journal_set_aside_total", damage.setAside.isEmpty ? 0 : 1),  // one database, with its companions
            ("playground_journal_log_records_dropped_total", damage.logRecordsDropped),
            ("playground_journal_steps_dropped_total", damage.stepsDropped),
        ] {
            let counter = Counter(label: label, factory: factory)
            if count > 0 { counter.increment(by: count) }
        }
    }

    /// `code` is the error's fixed machine-readable code (`too_many_events_from_client`, `unknown_event`, …).
    func eventRejected(code: String) {
        count("playground_events_rejected_total", [("reason", code)])
    }

    /// One answered request; `route` is the matched pattern (`/rooms/:room/events`), never the raw path.
    func request(route: String, method: HTTPMethod, status: HTTPStatus) {
        count("playground_http_requests_total", [("route", route), ("method", method.rawValue), ("status", String(status.code))])
    }

    private func count(_ label: String, _ dimensions: [(String, String)]) {
        guard let factory else { return }
        let key = dimensions.reduce(label) { $0 + "|" + $1.0 + "=" + $1.1 }
        let counter = counters.withLock { counters in
            if let counter = counters[key] { return counter }
            let counter = Counter(label: label, dimensions: dimensions, factory: factory)
            counters[key] = counter
            return counter
        }
        counter.increment()
    }
}

extension Duration {
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
