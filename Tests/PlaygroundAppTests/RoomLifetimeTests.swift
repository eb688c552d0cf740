import Foundation
import ListViewVVSI
import MovieSearchMVI
import PlaygroundHTTP
import PlaygroundUI
import PostsNice
import ProductsRouter
import RandomColorEV
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
    /// (app index, steps): each app alone after 0…all of its examples; 5 is all five apps.
    static let cases: [(Int, Int)] = {
        let apps = StandardApps.registry().apps
        var cases = apps.indices.flatMap { index in (0...apps[index].examples.count).map { (index, $0) } }
        cases += [(5, 0), (5, .max)]
        return cases
    }()

    @Test(arguments: cases) func aClosedRoomIsFreed(app only: Int, steps: Int) async throws {
        let live = try await Self.live.value
        let all = StandardApps.registry(postsAPI: PostsAPISettings(loadDelay: .zero))
        let graph = Graph()
        let tracked = AppRegistry(all.apps.indices.map { Self.track(all.apps[$0], index: $0, in: graph) })
        let registry = only == 5 ? tracked : AppRegistry([tracked.apps[only]])
        let port = live.port
        let blueprint = Room.Blueprint(
            registry: registry, sources: SampleSources(samplesDirectory: nil, apps: registry.apps.map(\.about)),
            limits: Room.Limits(), randomSeed: 1, ownBaseURL: { "http://127.0.0.1:\(port)" })
        weak var freed: Room?
        do {
            let room = Room(id: RoomID.random(), blueprint: blueprint, persists: false)
            freed = room
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
            room.perform { _ in graph.collect() }
            room.perform { $0.close() }
        }
        var alive: [String] = []
        for _ in 0..<500 {
            alive = graph.alive
            if freed == nil && alive.isEmpty { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(freed == nil, "nothing keeps a closed room alive (app \(only), \(steps) steps)")
        #expect(alive.isEmpty, "nothing keeps a closed room's app objects alive (app \(only), \(steps) steps): \(alive.sorted())")
    }

    /// A playground serving the posts, the users and the films the apps fetch.
    static let live = Task { try await LivePlayground() }

    /// Waits until the room's loads have landed: its state stays the same for a moment and nothing is loading.
    static func quiesce(_ room: Room) async throws {
        var last = ""
        for _ in 0..<100 {
            await room.settle()
            let now = try room.perform { room in Result { () throws(HTTPError) in try room.state().text } }.get()
            if now == last, !now.contains(#""loading""#) { return }
            last = now
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// `registration`, its app recorded in `graph` as it is made.
    static func track(_ registration: AppRegistration, index: Int, in graph: Graph) -> AppRegistration {
        switch index {
        case 0: track(RandomColorEVPlayground.self, registration, in: graph)
        case 1: track(ListViewPlayground.self, registration, in: graph)
        case 2: track(MovieSearchPlayground.self, registration, in: graph)
        case 3: track(PostsPlayground.self, registration, in: graph)
        default: track(ProductsPlayground.self, registration, in: graph)
        }
    }

    static func track<App: HostedApp>(_ type: App.Type, _ registration: AppRegistration, in graph: Graph) -> AppRegistration {
        #expect(registration.typeName == String(reflecting: App.self))
        return AppRegistration(
            about: registration.about, examples: registration.examples, decode: registration.decode,
            make: { services in
                let app = App(services: services)
                graph.add(app)
                return AnyHostedApp(app)
            }, fields: registration.fields, typeName: registration.typeName, services: registration.services)
    }
}

/// Weak references to every object reachable from the apps through stored properties (closures cannot be read),
/// of the playground's own modules (not the process-wide film catalog or Foundation's objects).
final class Graph: @unchecked Sendable {
    private let lock = NSLock()
    private var roots: [Weak] = []
    private var objects: [(name: String, reference: Weak)] = []

    private struct Weak {
        weak var object: AnyObject?
    }

    static let modules = [
        "PlaygroundApp.", "PlaygroundUI.", "AppSeam.", "OpenCombine.", "EVRuntime.", "VVSIRuntime.", "MVIRuntime.", "NiceRuntime.",
        "RouterRuntime.", "RandomColorEV.", "ListViewVVSI.", "MovieSearchMVI.", "PostsNice.", "ProductsRouter.",
    ]

    func add(_ app: AnyObject) {
        lock.withLock { roots.append(Weak(object: app)) }
    }

    /// Walks the apps' objects now (on the room's executor, with no work running inside the apps).
    func collect() {
        var seen: Set<ObjectIdentifier> = []
        var found: [(String, Weak)] = []
        var pending: [Any] = lock.withLock { roots.compactMap(\.object) }
        while let value = pending.popLast(), found.count < 100_000 {
            if type(of: value) is AnyClass {
                let object = value as AnyObject
                let name = String(reflecting: type(of: object))
                guard Self.modules.contains(where: name.hasPrefix), seen.insert(ObjectIdentifier(object)).inserted else { continue }
                found.append((name, Weak(object: object)))
                var mirror: Mirror? = Mirror(reflecting: value)
                while let current = mirror {
                    pending.append(contentsOf: current.children.map(\.value))
                    mirror = current.superclassMirror
                }
            } else {
                pending.append(contentsOf: Mirror(reflecting: value).children.map(\.value))
            }
        }
        lock.withLock { objects = found }
    }

    /// The objects still alive (with how many of each type).
    var alive: [String] {
        let names = lock.withLock { objects.filter { $0.reference.object != nil }.map(\.name) }
        return Dictionary(grouping: names, by: { $0 }).map { "\($0.value.count)× \($0.key)" }
    }
}
