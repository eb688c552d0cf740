import Dispatch
import Foundation
import ListViewVVSI
import MovieSearchMVI
import PlaygroundHTTP
import PlaygroundJournal
import PlaygroundUI
import PostsNice
import ProductsRouter
import RandomColorEV
import RoomServices
import StandardApps
import Testing

@testable import AppSeam
@testable import PlaygroundApp

/// A closed room, and everything its apps were made of, is freed: hibernation frees a room's memory only if
/// nothing (a cycle through a view model, a subscription, a task) keeps the room or its apps alive.
///
/// Each case makes a `Room` with one app (or all five), draws it, applies the first `steps` of the app's example
/// inputs (a heart, an open post, a VVSI add, an MVI search, a Router sheet, an alert showing …), waiting after each
/// until its loads have landed, reads its state, closes it, drops it, and waits for every object of the app's graph
/// to go.
@Suite("A closed room is freed")
struct RoomLifetimeTests {
    /// (app index, steps): each app alone after 0…all of its examples; -1 is all the apps.
    static let cases: [(Int, Int)] = {
        let apps = StandardApps.registry().apps
        var cases = apps.indices.flatMap { index in (0...apps[index].examples.count).map { (index, $0) } }
        cases += [(-1, 0), (-1, .max)]
        return cases
    }()

    @Test(arguments: cases) func aClosedRoomIsFreed(app only: Int, steps: Int) async throws {
        let live = try await Self.live.value
        let graph = Graph()
        let tracked = Self.tracked(StandardApps.registry(postsAPI: PostsAPISettings(loadDelay: .zero)), in: graph)
        let registry = only == -1 ? tracked : AppRegistry([tracked.apps[only]])
        let port = live.port
        let blueprint = Room.Blueprint(
            registry: registry, sources: SampleSources(samplesDirectory: nil, apps: registry.apps),
            limits: Room.Limits(), randomSeed: 1, ownBaseURL: { "http://127.0.0.1:\(port)" })
        do {
            let room = Room(id: RoomID.random(), blueprint: blueprint, persists: false)
            room.perform { $0.drawIfNeeded() }
            try await Self.quiesce(room)
            for registration in registry.apps {
                for example in registration.examples.prefix(steps) {
                    let input = try registry.decode(
                        app: registration.about.id, event: example.fields[0].value.text ?? "",
                        arguments: Dictionary(uniqueKeysWithValues: example.fields.dropFirst().map { ($0.name, $0.value) }))
                    // Refused inputs (a post while the list is not loaded) change nothing; the rest must not leak.
                    _ = room.perform { room in (try? room.apply(input, source: .http)) != nil }
                    try await Self.quiesce(room)
                }
            }
            _ = try room.perform { room in Result { () throws(HTTPError) in try room.state() } }.get()
            graph.collect()
            room.perform { $0.close() }
            let apps = await graph.waitUntilFreed(rooms: false)
            #expect(apps.isEmpty, "a closed room (still referenced) lets go of its apps (app \(only), \(steps) steps): \(apps)")
        }
        let alive = await graph.waitUntilFreed()
        #expect(alive.isEmpty, "nothing keeps a closed room or its apps' objects alive (app \(only), \(steps) steps): \(alive)")
    }

    /// A room closed while its loads are still on their way (the posts' one-second wait, a search) is freed once
    /// they are cancelled.
    @Test func aRoomClosedWhileItsLoadsRunIsFreed() async throws {
        let live = try await Self.live.value
        let graph = Graph()
        let registry = Self.tracked(StandardApps.registry(), in: graph)
        let port = live.port
        let blueprint = Room.Blueprint(
            registry: registry, sources: SampleSources(samplesDirectory: nil, apps: registry.apps),
            limits: Room.Limits(), randomSeed: 1, ownBaseURL: { "http://127.0.0.1:\(port)" })
        do {
            let room = Room(id: RoomID.random(), blueprint: blueprint, persists: false)
            room.perform { $0.drawIfNeeded() }
            for registration in registry.apps {
                guard let example = registration.examples.first else { continue }
                let input = try registry.decode(
                    app: registration.about.id, event: example.fields[0].value.text ?? "",
                    arguments: Dictionary(uniqueKeysWithValues: example.fields.dropFirst().map { ($0.name, $0.value) }))
                _ = room.perform { room in (try? room.apply(input, source: .http)) != nil }
            }
            graph.collect()
            room.perform { $0.close() }
        }
        let alive = await graph.waitUntilFreed()
        #expect(alive.isEmpty, "nothing keeps a room closed mid-load alive: \(alive)")
    }

    /// The real server's path: a room is made and viewed, fed every example of every app over HTTP, and hibernates
    /// (it writes a checkpoint, checked by restoring it into a trial room); it is woken (from that checkpoint) and
    /// hibernates again. Nothing of any of those rooms' apps stays.
    @Test func aHibernatedRoomKeepsNothingOfItsApps() async throws {
        let graph = Graph()
        let registry = Self.tracked(StandardApps.registry(postsAPI: PostsAPISettings(loadDelay: .zero)), in: graph)
        let live = try await LivePlayground {
            $0.apps = registry
            $0.hibernateAfter = .seconds(1)
        }
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        #expect(try await live.request("GET", room).status == 200)
        for registration in registry.apps {
            for example in registration.examples {
                _ = try await live.post(room, Room.envelopeJSON(app: registration.about.id, fields: example.fields))
                try await Self.quiesce(live, room)
            }
        }
        for life in ["first life", "woken"] {
            _ = try await live.state(room)  // touched: it cannot hibernate while its objects are walked
            graph.collect()
            #expect(!graph.alive.isEmpty, "the apps were found (\(life))")
            #expect(await Self.hibernated(live), "the room hibernated (\(life))")
            let alive = await graph.waitUntilFreed()
            #expect(alive.isEmpty, "nothing of a hibernated room's apps stays (\(life)): \(alive)")
            // Waking restores it from its checkpoint; an event after makes its next hibernation write another.
            #expect(try await live.request("GET", room).status == 200)
            _ = try await live.post(room, #"{"app":"ev","event":"changeBothSidesColors"}"#)
            try await Self.quiesce(live, room)
        }
    }

    /// A playground serving the posts, the users and the films the apps fetch.
    static let live = Task { try await LivePlayground() }

    /// Waits until the room's loads have landed: its state stays the same for a moment and nothing is loading.
    static func quiesce(_ room: Room) async throws {
        var last = ""
        for _ in 0..<100 {
            await room.settle()
            let now = try room.perform { room in Result { () throws(HTTPError) in try room.state().text } }.get()
            // A load state named "loading", or the Films apps' `"loading":true`.
            if now == last, !now.contains(#":"loading""#), !now.contains(#""loading":true"#) { return }
            last = now
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// The same, over HTTP.
    static func quiesce(_ live: LivePlayground, _ room: String) async throws {
        var last = ""
        for _ in 0..<100 {
            let now = try await live.state(room)
            // A load state named "loading", or the Films apps' `"loading":true`.
            if now == last, !now.contains(#":"loading""#), !now.contains(#""loading":true"#) { return }
            last = now
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    static func hibernated(_ live: LivePlayground) async -> Bool {
        for _ in 0..<200 {
            if let health = try? await live.request("GET", "/healthz").text, health.contains(#""roomsHibernated":1"#) { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// `registry` with every app recorded in `graph` as it is made (its compare group kept).
    static func tracked(_ registry: AppRegistry, in graph: Graph) -> AppRegistry {
        let apps = registry.apps.map { registration in
            AppRegistration(
                about: registration.about, examples: registration.examples, input: registration.input,
                make: { services in
                    let app = registration.make(services)
                    graph.add(app, in: services.isolation)
                    return app
                }, typeName: registration.typeName, stageModule: registration.stageModule, services: registration.services)
        }
        return AppRegistry(Array(apps[registry.pageIndices]), compare: Array(apps[registry.compareIndices]))
    }
}

/// Every app made, its room, and weak references to every object reachable from the apps through stored properties
/// (closures cannot be read), of the playground's own modules (not the process-wide film catalog or Foundation's).
final class Graph: @unchecked Sendable {
    private let lock = NSLock()
    private var roots: [(app: Weak, room: Weak)] = []
    private var objects: [ObjectIdentifier: (name: String, reference: Weak)] = [:]

    fileprivate struct Weak: @unchecked Sendable {
        weak var object: AnyObject?
    }

    /// Not `PlaygroundApp`: a room is checked itself, and it holds what every room shares (the journal store).
    static let modules = [
        "PlaygroundUI.", "AppSeam.", "OpenCombine.", "EVRuntime.", "VVSIRuntime.", "MVIRuntime.", "NiceRuntime.",
        "RouterRuntime.", "RandomColorEV.", "ListViewVVSI.", "MovieSearchMVI.", "PostsNice.", "ProductsRouter.",
        "Films",  // FilmsKit and the Films implementations
    ]

    /// What every room's hosts share by design, made once per process (a view type's info): not walked.
    static let shared = ["PlaygroundUI.ViewTypeInfo", "PlaygroundUI.PrimitiveTypeInfo<"]

    /// Records an app as its room makes it (in the room's isolation).
    func add(_ app: AnyObject, in room: any Actor) {
        lock.withLock { roots.append((Weak(object: app), Weak(object: room))) }
    }

    /// Walks every app alive now from its room's executor (not from inside a room job), adding what it reaches.
    func collect() {
        let live = lock.withLock { roots.filter { $0.app.object != nil }.map { ($0.app, $0.room.object as? Room) } }
        for (app, room) in live {
            let found = room.map { room in room.perform { _ in Self.walk(from: app) } } ?? Self.walk(from: app)
            lock.withLock {
                for (id, entry) in found { objects[id] = entry }
            }
        }
    }

    private static func walk(from root: Weak) -> [ObjectIdentifier: (name: String, reference: Weak)] {
        var found: [ObjectIdentifier: (name: String, reference: Weak)] = [:]
        var pending: [Any] = root.object.map { [$0] } ?? []
        while let value = pending.popLast(), found.count < 100_000 {
            if type(of: value) is AnyClass {
                let object = value as AnyObject
                let name = String(reflecting: type(of: object))
                let id = ObjectIdentifier(object)
                guard modules.contains(where: name.hasPrefix), !shared.contains(where: name.hasPrefix), found[id] == nil else { continue }
                found[id] = (name, Weak(object: object))
                var mirror: Mirror? = Mirror(reflecting: value)
                while let current = mirror {
                    pending.append(contentsOf: current.children.map(\.value))
                    mirror = current.superclassMirror
                }
            } else {
                pending.append(contentsOf: Mirror(reflecting: value).children.map(\.value))
            }
        }
        return found
    }

    /// What is still alive: the objects found, the apps and their rooms (with how many of each type).
    var alive: [String] { alive(rooms: true) }

    /// What is still alive: the objects found, the apps and (if `rooms`) their rooms.
    func alive(rooms: Bool) -> [String] {
        let names = lock.withLock {
            objects.values.filter { $0.reference.object != nil }.map(\.name)
                + roots.flatMap { [$0.app.object] + (rooms ? [$0.room.object] : []) }.compactMap { $0.map { String(reflecting: type(of: $0)) } }
        }.filter { rooms || $0 != String(reflecting: Turns.self) }  // the room's own, which the router app reads
        return Dictionary(grouping: names, by: { $0 }).map { "\($0.value.count)× \($0.key)" }.sorted()
    }

    /// Waits up to 10 s for everything recorded to go (but the rooms, unless `rooms`); returns what is still alive then.
    func waitUntilFreed(rooms: Bool = true) async -> [String] {
        for _ in 0..<1000 {
            if alive(rooms: rooms).isEmpty { return [] }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return alive(rooms: rooms)
    }
}


@Suite("Hibernation sweeps")
struct HibernationSweepTests {
    /// A room counts as hibernated once its hibernation has ended, not while the sweep is still closing it (its apps
    /// are in memory until then): what `/healthz` and the gauge report, and what a measurement waits for.
    @Test func aRoomCountsAsHibernatedOnlyOnceItsHibernationHasEnded() async throws {
        let registry = StandardApps.registry()
        let blueprint = Room.Blueprint(
            registry: registry, sources: SampleSources(samplesDirectory: nil, apps: registry.apps),
            limits: Room.Limits(), randomSeed: 1, ownBaseURL: { "http://127.0.0.1:9" })
        let rooms = RoomRegistry(
            maxRooms: 10, idleLifetime: .seconds(3600), apps: registry, hibernateAfter: .seconds(3600),
            restore: { _, _ throws(HTTPError) in nil },
            makeRoom: { id, seed in Room(id: id, blueprint: blueprint, seed: seed, persists: false) })
        let room = try rooms.create(draw: false)
        #expect(!rooms.anyNotResident, "every room resident: requests skip the wake check")
        // The room is busy (a job on its executor) as the sweep reaches it: the sweep waits for it, mid-hibernation.
        let busy = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            room.perform { _ in
                started.signal()
                busy.wait()
            }
        }
        started.wait()
        let sweep = Task.detached { rooms.hibernateIdleRooms(now: .now + .seconds(7200)) }
        try await Task.sleep(for: .milliseconds(200))
        #expect(rooms.roomCounts.hibernated == 0, "a room the sweep is still hibernating is not hibernated yet")
        #expect(rooms.anyNotResident && rooms.needsWaking(room.id), "a request to a hibernating room waits for it")
        busy.signal()
        await sweep.value
        #expect(rooms.roomCounts.hibernated == 1)
        #expect(rooms.anyNotResident && rooms.needsWaking(room.id))
        _ = try await rooms.wake(room.id)
        #expect(!rooms.anyNotResident && !rooms.needsWaking(room.id), "woken: every room resident again")
    }
}
