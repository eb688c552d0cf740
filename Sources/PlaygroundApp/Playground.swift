import Foundation
import Logging
import PlaygroundHTTP
import PlaygroundJournal
import Prometheus
import Synchronization

/// The whole playground: rooms of live sample apps behind a libmicrohttpd HTTP/SSE server.
///
/// ```swift
/// let playground = try Playground(configuration: .init(publicDirectory: "Public"), logger: logger)
/// try playground.start()          // serves http://127.0.0.1:8080
/// // …
/// playground.shutdown()           // ends every stream, then stops the server
/// ```
public final class Playground: Sendable {
    /// The settings it was made with.
    public let configuration: PlaygroundConfiguration
    private let rooms: RoomRegistry
    private let server: HTTPServer
    /// Where rooms' journals are written, if anywhere.
    private let journal: (any JournalStore)?
    /// This server's own base URL (`http://127.0.0.1:8080`), fixed once the server is bound; apps may fetch from it.
    private let ownBaseURL = BoundURL()
    /// What `GET /metrics` shows: the server's and the rooms' instruments, this playground's alone.
    let metrics = PrometheusCollectorRegistry()

    /// Loads `Public/` and opens the journal, and prepares the server; nothing listens until ``start()``.
    public init(configuration: PlaygroundConfiguration, logger: Logger) throws {
        self.configuration = configuration
        var metricsFactory = PrometheusMetricsFactory(registry: metrics)
        metricsFactory.durationHistogramBuckets["playground_event_publish_seconds"] = [
            .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .microseconds(2_500),
            .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .seconds(1),
        ]
        metricsFactory.durationHistogramBuckets["playground_journal_commit_seconds"] = [
            .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(5),
            .milliseconds(25), .milliseconds(100), .milliseconds(500), .seconds(2),
        ]
        metricsFactory.valueHistogramBuckets["playground_journal_commit_writes"] = [1, 2, 4, 8, 16, 32, 64, 128, 256]
        let instruments = AppInstruments(factory: metricsFactory)
        var http = configuration.http
        if http.metricsFactory == nil { http.metricsFactory = metricsFactory }
        http.maxBodyBytesByPath["/rooms/import"] = max(http.maxBodyBytes, JournalRoutes.importBodyBytes)
        var limits = Room.Limits(
            streamQueueLimit: configuration.http.streamQueueLimit,
            replayCount: configuration.replayCount, eventBudget: configuration.eventsPerRoom)
        limits.journalSteps = configuration.journalSteps
        limits.journalBytes = configuration.journalBytes
        limits.journalSharePerClient = configuration.journalSharePerClient
        let ownBaseURL = self.ownBaseURL
        var blueprint = Room.Blueprint(
            registry: configuration.apps,
            sources: SampleSources(samplesDirectory: configuration.samplesDirectory, apps: configuration.apps.apps),
            limits: limits, randomSeed: configuration.samples.randomSeed,
            ownBaseURL: { ownBaseURL.value })
        blueprint.witness = configuration.journalWitness
        blueprint.raceCheckpointWritten = { instruments.raceCheckpointWritten() }
        if let directory = configuration.dataDirectory {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            do {
                blueprint.journal = try SQLiteJournalStore(
                    path: directory + "/journal.sqlite", sync: configuration.journalSync, onDamage: configuration.onCorruptJournal
                ) { instruments.journalCommitted(writes: $0, duration: $1) }
            } catch {
                throw PlaygroundError(description: error.description)
            }
        }
        journal = blueprint.journal
        blueprint.presenters = PresenterLedger(store: blueprint.journal)
        let ledger = blueprint.journal.map { JournalDamageLedger($0.damage) }
        let restorer = blueprint.journal.map { store in
            RoomRestorer(store: store, blueprint: blueprint, damage: ledger!, instruments: instruments, logger: logger)
        }
        var restore: (@Sendable (RoomID, UInt64) async throws(HTTPError) -> Room?)?
        var forget: (@Sendable (RoomID) -> Void)?
        if let restorer, let store = blueprint.journal {
            restore = { id, seed async throws(HTTPError) -> Room? in try await restorer.restore(id, seed: seed) }
            forget = { [presenters = blueprint.presenters] id in
                store.deleteRoom(id)
                presenters.forget(id)
            }
        }
        let rooms = RoomRegistry(
            maxRooms: configuration.maxRooms, idleLifetime: configuration.roomIdleLifetime, apps: configuration.apps, instruments: instruments,
            hibernateAfter: configuration.hibernateAfter, wakesAtOnce: max(1, http.threads - 1), restore: restore, forget: forget
        ) { [blueprint] id, seed in
            Room(id: id, blueprint: blueprint, seed: seed)
        }
        self.rooms = rooms
        if let store = blueprint.journal, let ledger {
            try Self.registerRooms(from: store, into: rooms, logger: logger)
            Self.report(ledger.current, instruments: instruments, logger: logger)
        }
        let files = try StaticFiles(directory: configuration.publicDirectory)
        let responder = PlaygroundResponder(
            rooms: rooms, blueprint: blueprint, files: files, backEnds: configuration.backEnds,
            clientLimiter: ClientEventLimiter(budget: configuration.eventsPerClient), metrics: metrics, instruments: instruments,
            journalDamage: ledger,
            threads: http.threads, replayBudget: configuration.replayStepsPerClient,
            importBudget: configuration.importKilobytesPerClient)
        server = HTTPServer(configuration: http, responder: responder, logger: logger)
        responder.attach(server)
    }

    /// Registers every room the journal holds as hibernated: nothing is replayed before the server listens, and a
    /// room wakes (from its latest checkpoint and the steps after) when it is first asked for. The newest rooms are
    /// kept, up to the room budget; older ones past it are forgotten.
    private static func registerRooms(from store: any JournalStore, into rooms: RoomRegistry, logger: Logger) throws {
        let found: [(room: RoomID, seed: UInt64)]
        do { found = try store.rooms() } catch { throw PlaygroundError(description: error.description) }
        let kept = found.suffix(rooms.maxRooms)
        for (id, _) in found.dropLast(kept.count) { store.deleteRoom(id) }
        for (id, seed) in kept { rooms.adoptHibernated(id, seed: seed) }
        if !kept.isEmpty { logger.info("rooms in the journal, hibernated until first asked for", metadata: ["rooms": "\(kept.count)"]) }
    }

    /// Says what the journal's damage cost, once, at start-up: an error per loss in the log, and the counters.
    private static func report(_ damage: JournalDamage, instruments: AppInstruments, logger: Logger) {
        instruments.journalDamaged(damage)
        for report in damage.reports {
            logger.error("journal damaged: \(report)")
        }
    }

    /// Binds the address and starts serving.
    public func start() throws {
        try server.start()
        let host = ["0.0.0.0", "::", ""].contains(configuration.http.host) ? "127.0.0.1" : configuration.http.host
        let url = host.contains(":") ? "http://[\(host)]:\(server.port)" : "http://\(host):\(server.port)"
        ownBaseURL.value = url
    }

    /// Rooms alive now.
    var roomCount: Int { rooms.count }

    /// The port actually bound (useful with port 0).
    public var port: UInt16 { server.port }

    /// Ends every stream, closes every room and stops the server. Safe to call twice.
    public func shutdown() {
        // Busy rooms write a checkpoint first (a few seconds at most), so a restart wakes them without long replays.
        rooms.closeAll(checkpointBudget: journal == nil ? .zero : .seconds(5))
        journal?.flush()  // every event waiting for its write is answered before the server stops
        server.shutdown()
    }
}

/// Why the playground could not start (its journal could not be opened or read).
struct PlaygroundError: Error, CustomStringConvertible {
    let description: String
}

/// The server's own base URL, set once it is bound and read by every new room.
final class BoundURL: Sendable {
    private let url = Mutex("http://127.0.0.1:8080")

    var value: String {
        get { url.withLock { $0 } }
        set { url.withLock { $0 = newValue } }
    }
}
