import Foundation
import Logging
import MovieCatalog
import PlaygroundHTTP
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

    /// Loads `Public/`, the posts data and the film catalog (unless one is given) and prepares the server; nothing
    /// listens until ``start()``.
    public init(configuration: PlaygroundConfiguration, logger: Logger, catalog: MovieCatalog? = nil) throws {
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
        let loadTime = ContinuousClock.now
        let catalog = try catalog ?? MovieCatalog(csvPath: configuration.moviesFile)
        logger.info("movie catalog ready", metadata: ["movies": "\(catalog.movies.count)", "took": "\(ContinuousClock.now - loadTime)"])
        let postsFile =
            configuration.postsFile
            ?? URL(fileURLWithPath: configuration.moviesFile).deletingLastPathComponent().appendingPathComponent("posts.json").path
        let posts = try PostsAPI(path: postsFile)
        logger.info("posts ready", metadata: ["posts": "\(posts.postCount)", "users": "\(posts.userCount)"])
        let ownBaseURL = self.ownBaseURL
        var blueprint = Room.Blueprint(
            registry: configuration.apps,
            sources: SampleSources(samplesDirectory: configuration.samplesDirectory, apps: configuration.apps.apps.map(\.about)),
            limits: limits, randomSeed: configuration.samples.randomSeed,
            ownBaseURL: { ownBaseURL.value })
        blueprint.witness = configuration.journalWitness
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
        let rooms = RoomRegistry(
            maxRooms: configuration.maxRooms, idleLifetime: configuration.roomIdleLifetime, apps: configuration.apps, instruments: instruments
        ) { [blueprint] id, seed in
            Room(id: id, blueprint: blueprint, seed: seed)
        }
        self.rooms = rooms
        journal = blueprint.journal
        var damage = blueprint.journal?.damage
        if let store = blueprint.journal {
            try Self.restoreRooms(from: store, blueprint: blueprint, into: rooms, damage: &damage!, logger: logger)
            Self.report(damage!, instruments: instruments, logger: logger)
        }
        let files = try StaticFiles(directory: configuration.publicDirectory)
        let responder = PlaygroundResponder(
            rooms: rooms, blueprint: blueprint, files: files, movies: MovieAPI(catalog: catalog), posts: posts,
            clientLimiter: ClientEventLimiter(budget: configuration.eventsPerClient), metrics: metrics, instruments: instruments,
            journalDamage: damage,
            threads: http.threads, replayBudget: configuration.replayStepsPerClient,
            importBudget: configuration.importKilobytesPerClient)
        server = HTTPServer(configuration: http, responder: responder, logger: logger)
        responder.attach(server)
    }

    /// Brings back every room that has a journal: each replays its history into fresh apps (the outside stays off).
    /// One room at a time, each read from the store only when its turn comes, so start-up holds one room's history
    /// at once, not every room's. (Replaying rooms side by side, one per core, gained ~8 % here for 15 % more CPU.)
    private static func restoreRooms(
        from store: any JournalStore, blueprint: Room.Blueprint, into rooms: RoomRegistry, damage: inout JournalDamage, logger: Logger
    ) throws {
        let start = ContinuousClock.now
        let found: [(room: RoomID, seed: UInt64)]
        let snapshots: [RoomID: String]
        do { (found, snapshots) = (try store.rooms(), try store.allSnapshots()) } catch { throw PlaygroundError(description: error.description) }
        // The newest rooms, up to the room budget; older ones past it are forgotten.
        let kept = Array(found.suffix(rooms.maxRooms))
        for (id, _) in found.dropLast(kept.count) { store.deleteRoom(id) }
        // Nothing to replay: do not block the calling thread, which may be one of Swift concurrency's few (a test).
        guard !kept.isEmpty else { return }
        let damageSoFar = damage
        let outcome = ReplayGate.wait { () async throws(HTTPError) -> Result<([(room: Room, steps: Int)], JournalDamage), PlaygroundError> in
            var restored: [(room: Room, steps: Int)] = []
            var damage = damageSoFar
            for (id, seed) in kept {
                do throws(PlaygroundError) {
                    let room = try await restoreRoom(
                        id, seed: seed, snapshot: snapshots[id], from: store, blueprint: blueprint, damage: &damage, logger: logger)
                    if let room { restored.append(room) }
                } catch {
                    return .failure(error)
                }
            }
            return .success((restored, damage))
        }
        // A journal that cannot be read stops the start: no room is silently lost.
        let restored: [(room: Room, steps: Int)]
        switch outcome {
        case .success(.success(let (rooms, found))): (restored, damage) = (rooms, found)
        case .success(.failure(let error)): throw error
        case .failure(let error): throw PlaygroundError(description: error.message)
        }
        for (room, _) in restored {
            if let notice = damage.rooms[room.id] { room.perform { $0.damageNotice = notice } }
            rooms.adopt(room)
        }
        if !restored.isEmpty {
            let steps = restored.reduce(0) { $0 + $1.steps }
            logger.info("rooms restored from the journal", metadata: ["rooms": "\(restored.count)", "steps": "\(steps)", "took": "\(ContinuousClock.now - start)"])
        }
    }

    /// Reads one room's journal and replays it into a new room; nil for a room without steps or whose snapshot this
    /// version cannot restore (the first is forgotten, the second kept in the journal for a version that can).
    /// A step that does not read or does not replay ends the room's history there: the steps from it on are cut off
    /// the journal (and reported in `damage`), so the room goes on from what replayed, as a fork of it would.
    private static func restoreRoom(
        _ id: RoomID, seed: UInt64, snapshot: String?, from store: any JournalStore, blueprint: Room.Blueprint,
        damage: inout JournalDamage, logger: Logger
    ) async throws(PlaygroundError) -> (room: Room, steps: Int)? {
        let texts: [String]
        do { texts = try store.entries(of: id) } catch { throw PlaygroundError(description: error.description) }
        if texts.isEmpty && snapshot == nil {
            store.deleteRoom(id)
            return nil
        }
        let decoder = JSONDecoder()
        var entries: [JournalEntry] = []
        var unreadable: String?
        for text in texts {
            guard let entry = try? decoder.decode(JournalEntry.self, from: Data(text.utf8)) else {
                unreadable = "it is not an entry this version reads"
                break
            }
            entries.append(entry)
        }
        let room = Room(id: id, blueprint: blueprint, seed: seed, startsJournal: false)
        if let snapshot {
            let base = try? decoder.decode(RoomSnapshot.self, from: Data(snapshot.utf8))
            let refusal: String? =
                if let base {
                    switch room.perform({ room in Result { () throws(HTTPError) in try room.restore(from: base) } }) {
                    case .success: nil
                    case .failure(let error): error.message
                    }
                } else {
                    "its snapshot is not JSON this version reads"
                }
            if let refusal {
                logger.error("room \(id) not restored", metadata: ["error": "\(refusal)"])
                room.perform { $0.close() }
                return nil
            }
        }
        var refused: String? = unreadable
        do throws(HTTPError) {
            try await room.replay(entries, writing: false)
        } catch {
            if error.code == "replay_diverged" {
                logger.warning("room \(id) restored, but its replay diverged", metadata: ["error": "\(error.message)"])
            } else {
                refused = error.message
            }
        }
        let base = snapshot.flatMap(SQLiteJournalStore.snapshotStep) ?? 0
        let kept = room.perform { $0.steps }
        let lost = base + texts.count - kept
        if let refused, lost > 0 {
            // The room goes on from what replayed; the journal must end there too, or every later step is refused.
            store.cut(id, after: kept)
            damage.stepsDropped += lost
            let steps = lost == 1 ? "step \(kept + 1)" : "steps \(kept + 1)–\(base + texts.count)"
            damage.reports.append("room \(id): step \(kept + 1) of its journal did not replay (\(refused)), so \(steps) were cut off; it goes on from step \(kept)")
            damage.roomLost(id, "\(steps) did not replay and were cut off")
        }
        return (room, kept - base)
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
        rooms.closeAll()
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
