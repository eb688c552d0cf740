import AppSeam
import PlaygroundHTTP
import PlaygroundJournal

/// Everything a host can size: the HTTP server's limits, the room budget, where `Public/` is.
public struct PlaygroundConfiguration: Sendable {
    /// The HTTP/SSE server's settings (address, connection and stream limits, threads).
    public var http = HTTPServerConfiguration()
    /// Most rooms alive at once. Past it a new room replaces the least recently touched room without open streams
    /// (rooms nobody used first); `GET /` answers 503 only when every room has an open stream.
    public var maxRooms = 2_000
    /// A room nobody has touched for this long, with no open stream, is closed.
    public var roomIdleLifetime: Duration = .seconds(3_600)
    /// A room with no open stream this long hibernates (its apps dropped, its journal kept); nil: never.
    public var hibernateAfter: Duration? = .seconds(60)
    /// Events one client address may post (every room together). A burst of 500 lets every tab of a lecture hall
    /// behind one NAT address click at once, 100/s lets each of them click every five seconds; a script gets no
    /// further. `.unlimited` turns it off.
    public var eventsPerClient = EventBudget(perSecond: 100, burst: 500)
    /// Events one room accepts from everyone together, so no room can take a whole core (an event to 500 tabs costs
    /// ~3.5 ms of render and fan-out, so 200/s is under one). Rate and burst are twice a client's: one client alone
    /// can never empty its room's budget for the others. `.unlimited` turns it off.
    public var eventsPerRoom = EventBudget(perSecond: 200, burst: 1_000)
    /// Patches a room keeps so a reconnecting tab gets exactly what it missed.
    public var replayCount = 32
    /// The directory served under `/public/`.
    public var publicDirectory: String
    /// The checkout's `Samples/` directory, whose Swift sources each pane shows; nil hides them.
    public var samplesDirectory: String?
    /// The demo back ends the apps fetch from, served beside the rooms (the composition root's, e.g. the posts API).
    public var backEnds: [BackEndRoute] = []
    /// The apps every room hosts, in page order (the composition root's registry, e.g. `StandardApps.registry()`).
    public var apps: AppRegistry
    /// Settings of the sample apps.
    public var samples = SampleSettings()
    /// Where rooms keep their journals (`journal.sqlite` inside); rooms found there come back at start-up.
    /// nil keeps every room in memory only.
    public var dataDirectory: String?
    /// How hard each journal commit waits for the disk.
    public var journalSync = JournalSync.normal
    /// What a start does with a journal database SQLite cannot read (`--on-corrupt-journal`).
    public var onCorruptJournal = JournalDamagePolicy.setAside
    /// Steps one room's journal holds; at 90 % the room folds its oldest steps into a checkpoint (a room that cannot
    /// fold refuses new events past it).
    public var journalSteps = 10_000
    /// Bytes one room's journal holds (its entries' JSON).
    public var journalBytes = 8 << 20
    /// Percent of a room's journal (steps and bytes) one client address may fill, so one client cannot fill a
    /// room's history for everyone; 100 (the default) turns it off, since a class behind one NAT address is one client.
    public var journalSharePerClient = 100
    /// Each step also records every app's fingerprint before it, and every replay checks them (`--journal-witness`).
    public var journalWitness = false
    /// History steps one client address may have replayed (a past page, a fork, an import, a Swift export each
    /// replays its steps, 0.25–1 ms apiece): at most about half a core, and a whole full room at once. `.unlimited` turns it off.
    public var replayStepsPerClient = EventBudget(perSecond: 500, burst: 10_000)
    /// KiB of documents one client address may have checked for import (4 MiB of JSON takes ~0.3 s to check): 1 MiB
    /// a second, two of the largest at once. `.unlimited` turns it off.
    public var importKilobytesPerClient = JournalRoutes.importBudget

    public init(apps: AppRegistry, publicDirectory: String, backEnds: [BackEndRoute] = [], samplesDirectory: String? = nil) {
        self.apps = apps
        self.publicDirectory = publicDirectory
        self.backEnds = backEnds
        self.samplesDirectory = samplesDirectory
    }
}

/// Settings of the sample apps hosted in every room.
public struct SampleSettings: Sendable {
    /// Seeds the apps' random choices (colours, …) for reproducible demos and tests; nil = system randomness.
    public var randomSeed: UInt64?

    public init(randomSeed: UInt64? = nil) {
        self.randomSeed = randomSeed
    }
}
