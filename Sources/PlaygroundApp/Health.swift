import PlaygroundHTTP
import PlaygroundJournal
import Synchronization

/// `GET /healthz`: liveness plus the load figures a host watches.
final class Health: Sendable {
    let rooms: RoomRegistry
    let server = Mutex<HTTPServer?>(nil)
    private let started = ContinuousClock.now
    /// What the journal was found to have lost (nil without a journal).
    private let journalDamage: JournalDamageLedger?

    init(rooms: RoomRegistry, journalDamage: JournalDamageLedger? = nil) {
        self.rooms = rooms
        self.journalDamage = journalDamage
    }

    func response() -> HTTPResult {
        let metrics = server.withLock { $0?.metrics }
        let counts = rooms.roomCounts
        var members: [(String, JSONValue)] = [
            ("status", .string("ok")),
            ("uptimeSeconds", .int(Int((ContinuousClock.now - started).components.seconds))),
            ("rooms", .int(counts.all)),
            ("roomsResident", .int(counts.all - counts.hibernated)),
            ("roomsHibernated", .int(counts.hibernated)),
        ]
        if let metrics {
            members += [
                ("openStreams", .int(metrics.openStreams)),
                ("peakStreams", .int(metrics.peakStreams)),
                ("droppedSlowStreams", .int(metrics.droppedSlowStreams)),
                ("queueHighWater", .int(metrics.queueHighWater)),
                ("requests", .int(metrics.requests)),
                ("openConnections", .int(metrics.openConnections)),
                ("streamHangUps", .int(metrics.hangUps)),
                ("headerTimeouts", .int(metrics.headerTimeouts)),
            ]
        }
        if let damage = journalDamage?.current {
            members.append(
                (
                    "journalDamage",
                    .object([
                        ("setAside", .array(damage.setAside.map { .string($0.to) })),
                        ("logRecordsDropped", .int(damage.logRecordsDropped)),
                        ("stepsDropped", .int(damage.stepsDropped)),
                        ("reports", .array(damage.reports.map { .string($0) })),
                    ])
                ))
        }
        return .response(.json(.ok, JSONValue.object(members).text).adding("Cache-Control", "no-store"))
    }
}
