import ArgumentParser
import Dispatch
import Foundation
import Logging
import PlaygroundApp
import PlaygroundHTTP
import PlaygroundJournal
import StandardApps

/// `playground`: serves the Architecture Playground until SIGINT or SIGTERM.
@main
struct PlaygroundCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "playground",
        abstract: "SwiftUI architectures as live Swift runtimes, streamed to the browser over Server-Sent Events.",
        discussion: "Open http://HOST:PORT/ for a new room. Every limit below bounds memory under any load.")

    @Option(help: "Address to listen on.") var host = "127.0.0.1"
    @Option(help: "Port to listen on (0 picks a free one).") var port: UInt16 = 8080
    @Option(
        help: ArgumentHelp(
            "Most rooms alive at once. Past it a new room replaces the least recently touched room with no open stream "
                + "(rooms nobody used first); GET / answers 503 only when every room has an open stream."))
    var maxRooms = 2_000
    @Option(help: "Seconds a room with no open stream may stay untouched before it closes.") var roomIdleSeconds = 3_600
    @Option(
        help: ArgumentHelp(
            "Seconds a room with no open stream stays in memory; then it hibernates (its apps dropped, its journal kept) "
                + "and wakes from its latest checkpoint when next asked for (0 = never; without a journal rooms never do)."))
    var hibernateAfterSeconds = 60
    @Option(help: "Most open TCP connections; the accepting thread closes any past it.") var maxConnections = 16_384
    @Option(
        help: ArgumentHelp(
            "Most open TCP connections per client address (0 = no limit). The default leaves room for a lecture hall "
                + "of 500 tabs behind one NAT address; eight addresses are needed to fill --max-connections."))
    var maxConnectionsPerClient = 2_048
    @Option(help: "Seconds a new connection has to send its whole first request head (slowloris; 0 = off).")
    var headerTimeoutSeconds = 10
    @Option(help: "Most open event streams (one per browser tab); more answer 503.") var maxStreams = 12_000
    @Option(help: "Most open event streams per client address (0 = no limit); more answer 429. A lecture hall of 500 tabs fits.")
    var maxStreamsPerClient = 1_024
    @Option(
        name: .customLong("trusted-proxy"),
        help: ArgumentHelp(
            "A reverse proxy's address whose X-Forwarded-For / Forwarded header names the client (repeatable). "
                + "Per-client limits then apply to the forwarded client; the proxy is exempt from the per-client "
                + "connection limit.", valueName: "address"))
    var trustedProxies: [String] = []
    @Option(
        help: ArgumentHelp(
            "Seconds a server thread may go without answering the watchdog's probe before the process exits with "
                + "status 70 for its supervisor to restart it (0 = off)."))
    var watchdogSeconds = 30
    @Option(
        help: ArgumentHelp(
            "Events one client address may post per second, every room together (0 = no limit); past it 429 with "
                + "Retry-After. Each of 500 tabs behind one NAT address may click every 5 s; a script cannot flood a room."))
    var eventsPerClientPerSecond = 100
    @Option(help: "Events one client address may post at once after a quiet spell (500: a whole lecture hall clicks at once).")
    var eventBurstPerClient = 500
    @Option(
        help: ArgumentHelp(
            "Events one room accepts per second from everyone together (0 = no limit), so no room can take a whole "
                + "core (an event to 500 tabs costs ~3.5 ms); past it 429 with Retry-After. Keep rate and burst above a "
                + "client's, so one client cannot empty a room's budget."))
    var eventsPerRoomPerSecond = 200
    @Option(help: "Events one room accepts at once after a quiet spell.") var eventBurstPerRoom = 1_000
    @Option(help: "History steps one client address may have replayed per second (past pages, forks, imports; 0 = no limit).")
    var replayStepsPerClientPerSecond = 500
    @Option(help: "History steps one client address may have replayed at once after a quiet spell.") var replayStepBurstPerClient = 10_000
    @Option(help: "KiB of documents one client address may have checked for import per second, two of the largest (8,192 KiB) at once after a quiet spell (0 = no limit).")
    var importKilobytesPerClientPerSecond = 1_024
    @Option(help: "Messages queued per stream before a slow reader is dropped (it resyncs on reconnect).")
    var streamQueueLimit = 64
    @Option(help: "SO_SNDBUF bytes per stream socket: what a stalled reader can pin in the kernel (0 = kernel autotuning).")
    var streamSendBufferBytes = 32_768
    @Option(help: "Seconds between SSE heartbeat comments.") var heartbeatSeconds = 15
    @Option(help: "Seconds an idle plain connection is kept.") var connectionTimeout = 60
    @Option(help: "Bytes of memory libmicrohttpd may use per connection.") var connectionMemoryLimit = 8_192
    @Option(help: "Largest request body in bytes (413 past it).") var maxBodyBytes = 16_384
    @Option(
        help: ArgumentHelp(
            "Server threads: one libmicrohttpd daemon (poll loop) each, also running the room work of the requests it receives "
                + "(default: one per available core, at most 8: \(Self.defaultThreads) here).",
            valueName: "count"))
    var threads: Int?
    @Option(help: "Directory served under /public/ (default: the checkout's Public/).") var publicDir: String?
    @Option(help: "The film catalog CSV (default: the checkout's Data/movies.csv).") var movies: String?
    @Option(help: "Base URL of a TMDB-compatible API for the movie search (default: this server's own /3/search/movie).")
    var movieAPI: String?
    @Option(help: "TMDB API key sent as api_key to --movie-api (or set TMDB_API_KEY).") var movieAPIKey: String?
    @Option(help: "The posts data of the NiceArchitecture app (default: the checkout's Data/posts.json).") var posts: String?
    @Option(help: "Base URL of a JSONPlaceholder-compatible API for the posts app (default: this server's own /posts and /users).")
    var postsAPI: String?
    @Option(help: "How long the posts app waits before each load, to show its loading view (the seed's 1 s).")
    var postsLoadDelayMs: Int = 1_000
    @Option(help: "Seed for the sample apps' random choices (reproducible demos).") var seed: UInt64?
    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.") var logLevel: Logger.Level = .info
    @Option(help: "Directory of the rooms' journal (journal.sqlite); rooms found there come back at start (default: the checkout's .data/).")
    var dataDir: String?
    @Flag(help: "Keep rooms in memory only: no journal, nothing survives a restart.") var noJournal = false
    @Option(help: "How a journal commit waits for the disk: normal (survives kill -9) or full (survives a power cut; slower).")
    var journalSync: JournalSync = .normal
    @Option(
        help: ArgumentHelp(
            "What a start does with a journal.sqlite SQLite cannot read: set-aside moves it and its -wal, -shm, -log-a "
                + "and -log-b files aside (journal.sqlite.corrupt-<UTC time>), logs both paths, counts it in /metrics, keeps "
                + "what of it still reads and starts; refuse exits non-zero with the reason.",
            valueName: "set-aside|refuse"))
    var onCorruptJournal: JournalDamagePolicy = .setAside
    @Option(help: "Steps one room's journal holds; at 90 % of it the room folds its oldest steps into a checkpoint (its history then starts later); a room that cannot fold refuses events past it.") var journalSteps = 10_000
    @Option(help: "Kilobytes one room's journal holds (its entries' JSON); at 90 % of it the room folds, as for --journal-steps.") var journalKilobytes = 8_192
    @Option(help: "Percent of a room's journal (steps and bytes) one client address may fill; past it that client's events are refused (409) while others go on. 100 (no share) by default: a class behind one NAT address is one client.")
    var journalSharePerClient = 100
    @Flag(help: "Also record each app's fingerprint (state and view) before every step, and check it on every replay: a replay that differs from what was live is named at the step it starts (costs a little per event).")
    var journalWitness = false

    /// One server thread per core the process may run on: the room work runs on them, so both cores of a
    /// 2-core machine serve requests and fan out (BENCHMARKS.md has the comparison with one thread).
    static let defaultThreads = min(8, max(1, ProcessInfo.processInfo.activeProcessorCount))

    func validate() throws {
        for (name, value, minimum) in [
            ("--max-rooms", maxRooms, 1), ("--room-idle-seconds", roomIdleSeconds, 1), ("--hibernate-after-seconds", hibernateAfterSeconds, 0),
            ("--max-connections", maxConnections, 16),
            ("--max-streams", maxStreams, 1), ("--stream-queue-limit", streamQueueLimit, 4), ("--heartbeat-seconds", heartbeatSeconds, 1),
            ("--connection-timeout", connectionTimeout, 1), ("--connection-memory-limit", connectionMemoryLimit, 4_096),
            ("--max-body-bytes", maxBodyBytes, 256), ("--threads", threads ?? 1, 1),
            ("--stream-send-buffer-bytes", streamSendBufferBytes, 0), ("--max-connections-per-client", maxConnectionsPerClient, 0),
            ("--max-streams-per-client", maxStreamsPerClient, 0), ("--header-timeout-seconds", headerTimeoutSeconds, 0),
            ("--journal-steps", journalSteps, 1), ("--journal-kilobytes", journalKilobytes, 1), ("--journal-share-per-client", journalSharePerClient, 1), ("--replay-steps-per-client-per-second", replayStepsPerClientPerSecond, 0),
            ("--replay-step-burst-per-client", replayStepBurstPerClient, 1),
            ("--import-kilobytes-per-client-per-second", importKilobytesPerClientPerSecond, 0),
            ("--watchdog-seconds", watchdogSeconds, 0), ("--events-per-client-per-second", eventsPerClientPerSecond, 0),
            ("--event-burst-per-client", eventBurstPerClient, 1), ("--events-per-room-per-second", eventsPerRoomPerSecond, 0),
            ("--event-burst-per-room", eventBurstPerRoom, 1), ("--posts-load-delay-ms", postsLoadDelayMs, 0),
        ] where value < minimum {
            throw ValidationError("\(name) must be at least \(minimum) (got \(value)).")
        }
        if journalSharePerClient > 100 {
            throw ValidationError("--journal-share-per-client is a percent, 1…100 (got \(journalSharePerClient)).")
        }
        if watchdogSeconds > 0, watchdogSeconds < 3 {
            throw ValidationError("--watchdog-seconds must be 0 (off) or at least 3 (got \(watchdogSeconds)).")
        }
        for address in trustedProxies where !HTTPServerConfiguration.isIPAddress(address) {
            throw ValidationError("--trusted-proxy takes an IPv4 or IPv6 address such as 127.0.0.1 or ::1 (got \(address)).")
        }
    }

    func run() throws {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = logLevel
            return handler
        }
        let logger = Logger(label: "playground")
        guard let publicDirectory = publicDir ?? Self.findPublicDirectory() else {
            throw ValidationError("Public/ was not found next to the working directory or the executable; pass --public-dir.")
        }
        let checkout = URL(fileURLWithPath: publicDirectory).deletingLastPathComponent()
        var movieAPI = MovieAPISettings()
        if let base = self.movieAPI {
            guard let url = URL(string: base), ["http", "https"].contains(url.scheme ?? "") else {
                throw ValidationError("--movie-api must be an http:// or https:// URL (got \(base)).")
            }
            movieAPI.baseURL = base
        }
        movieAPI.apiKey = movieAPIKey ?? ProcessInfo.processInfo.environment["TMDB_API_KEY"]
        var postsAPI = PostsAPISettings(loadDelay: .milliseconds(postsLoadDelayMs))
        if let base = self.postsAPI {
            guard let url = URL(string: base), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw ValidationError("--posts-api must be an http:// or https:// URL (got \(base)).")
            }
            postsAPI.baseURL = base
        }
        let loadTime = ContinuousClock.now
        let backEnds = try StandardBackEnds(moviesFile: movies ?? checkout.appendingPathComponent("Data/movies.csv").path, postsFile: posts)
        logger.info(
            "movie catalog ready", metadata: ["movies": "\(backEnds.catalog.movies.count)", "took": "\(ContinuousClock.now - loadTime)"])
        logger.info("posts ready", metadata: ["posts": "\(backEnds.posts.postCount)", "users": "\(backEnds.posts.userCount)"])
        var configuration = PlaygroundConfiguration(
            apps: StandardApps.registry(movieAPI: movieAPI, postsAPI: postsAPI),
            publicDirectory: publicDirectory,
            backEnds: backEnds.routes,
            samplesDirectory: checkout.appendingPathComponent("Samples").path)
        configuration.http.host = host
        configuration.http.port = port
        configuration.http.connectionLimit = maxConnections
        configuration.http.maxConnectionsPerClient = maxConnectionsPerClient
        configuration.http.headerTimeoutSeconds = headerTimeoutSeconds
        configuration.http.maxStreamsPerClient = maxStreamsPerClient
        configuration.http.trustedProxies = trustedProxies
        configuration.http.watchdogSeconds = watchdogSeconds
        configuration.http.maxStreams = maxStreams
        configuration.http.streamQueueLimit = streamQueueLimit
        configuration.http.heartbeatSeconds = heartbeatSeconds
        configuration.http.streamSendBufferBytes = streamSendBufferBytes
        configuration.http.connectionTimeout = connectionTimeout
        configuration.http.connectionMemoryLimit = connectionMemoryLimit
        configuration.http.maxBodyBytes = maxBodyBytes
        configuration.http.threads = threads ?? Self.defaultThreads
        configuration.maxRooms = maxRooms
        configuration.roomIdleLifetime = .seconds(roomIdleSeconds)
        configuration.hibernateAfter = hibernateAfterSeconds == 0 ? nil : .seconds(hibernateAfterSeconds)
        configuration.samples.randomSeed = seed
        configuration.dataDirectory = noJournal ? nil : dataDir ?? checkout.appendingPathComponent(".data").path
        configuration.journalSync = journalSync
        configuration.onCorruptJournal = onCorruptJournal
        configuration.journalSteps = journalSteps
        configuration.journalBytes = journalKilobytes * 1024
        configuration.journalSharePerClient = journalSharePerClient
        configuration.journalWitness = journalWitness
        configuration.eventsPerClient = EventBudget(perSecond: Double(eventsPerClientPerSecond), burst: eventBurstPerClient)
        configuration.eventsPerRoom = EventBudget(perSecond: Double(eventsPerRoomPerSecond), burst: eventBurstPerRoom)
        configuration.replayStepsPerClient = EventBudget(perSecond: Double(replayStepsPerClientPerSecond), burst: replayStepBurstPerClient)
        configuration.importKilobytesPerClient = EventBudget(
            perSecond: Double(importKilobytesPerClientPerSecond), burst: configuration.importKilobytesPerClient.burst)

        let playground = try Playground(configuration: configuration, logger: logger)
        // Stop cleanly on SIGINT/SIGTERM (every stream is ended before the server stops), from the moment it listens.
        let signals = ShutdownSignals.install {
            logger.info("stopping: ending every stream")
            playground.shutdown()
            logger.info("stopped")
            Foundation.exit(0)
        }
        try playground.start()
        logger.info("Architecture Playground on http://\(host):\(playground.port)/ (Ctrl-C stops it)")
        withExtendedLifetime(signals) { dispatchMain() }
    }

    /// `Public/` in the working directory, or above the executable (`.build/<config>/playground`).
    static func findPublicDirectory() -> String? {
        let fileManager = FileManager.default
        var candidates = [fileManager.currentDirectoryPath]
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            candidates.append(directory.path)
            directory.deleteLastPathComponent()
        }
        return candidates.map { $0 + "/Public" }.first { fileManager.fileExists(atPath: $0 + "/playground.js") }
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
extension JournalSync: ExpressibleByArgument {}
extension JournalDamagePolicy: ExpressibleByArgument {}
