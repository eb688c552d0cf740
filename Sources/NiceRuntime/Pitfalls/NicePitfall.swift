import AppSeam
import Synchronization

/// A bug of the NiceArchitecture article's code that the runtime fixes, which a room can switch back on to watch it
/// happen (issue #30). Off by default; while off, the runtime runs its fix.
public enum NicePitfall: String, CaseIterable, Sendable, Codable {
    /// The seed's `getPostList` reads the list with `retrieve` but stores it with `updateRequest`: it never hits.
    /// The lookups run in the fetch, off the room: a replay, which does not fetch, does not show them.
    case listCacheNeverHits
    /// The seed keeps favourites in the rows (`allPosts[i].favourite`), which a reload replaces.
    case favouritesKeptInRows
    /// The seed's `Task { @MainActor in … }` is none of the view model's cancellables: a task of an unbound view model
    /// (a reload binds afresh) still applies its answer, after the newer one if it comes later.
    case unboundTaskApplies
}

/// One room's pitfall switches, and how often each switched-on bug has bitten: the number that shows it.
///
/// A room's value (``InjectedValues/pitfalls``): read by its view models on the room's executor and by its caches
/// off it (a repository's actor), hence the lock. Set it on the room's executor (as an input): a fetch already
/// under way reads the switch when it looks in its cache.
public final class NicePitfalls: Sendable {
    private let state = Mutex<(on: Set<NicePitfall>, bites: [NicePitfall: Int])>(([], [:]))

    /// Every switch off.
    public init() {}

    /// Whether `pitfall` runs as the article published it.
    public func isOn(_ pitfall: NicePitfall) -> Bool { state.withLock { $0.on.contains(pitfall) } }

    /// The switched-on pitfalls.
    public var on: Set<NicePitfall> { state.withLock { $0.on } }

    /// Switches `pitfall` on (the article's code) or off (the runtime's fix). The count of bites stays.
    public func set(_ pitfall: NicePitfall, on: Bool) {
        state.withLock { state in
            if on { state.on.insert(pitfall) } else { state.on.remove(pitfall) }
        }
    }

    /// How many times `pitfall` has bitten in this room: each time the article's code did what the fix prevents.
    public func bites(of pitfall: NicePitfall) -> Int { state.withLock { $0.bites[pitfall] ?? 0 } }

    /// Sets the count of bites a checkpoint kept.
    public func restore(bites count: Int, of pitfall: NicePitfall) { state.withLock { $0.bites[pitfall] = count } }

    /// Counts a bite of `pitfall` and writes `note` to the room's log (its trace row says where the bug bit).
    public func bit(_ pitfall: NicePitfall, _ note: String, log: NiceLog?) {
        state.withLock { $0.bites[pitfall, default: 0] += 1 }
        log?.record("pitfall \(pitfall.rawValue): \(note)")
    }
}

/// The key of ``InjectedValues/pitfalls``.
public struct NicePitfallsKey: InjectionKey {
    /// Each room its own switches, all off.
    public static var currentValue: NicePitfalls { NicePitfalls() }
}

extension InjectedValues {
    /// The room's pitfall switches.
    public var pitfalls: NicePitfalls {
        get { self[NicePitfallsKey.self] }
        set { self[NicePitfallsKey.self] = newValue }
    }
}

/// One pitfall's entry of ``NicePitfall/catalogue`` (AppSeam's, shared by every runtime).
public typealias NicePitfallEntry = PitfallEntry<NicePitfall>

extension NicePitfall: RuntimePitfall {
    /// Every pitfall, in the order of ``allCases``.
    public static let catalogue: [NicePitfallEntry] = [
        NicePitfallEntry(
            pitfall: .listCacheNeverHits, title: "The list's cache never hits",
            articleCode: "if let cached = await cache.retrieve(key: key, cacheMode: cacheMode) {  // getPostList, after updateRequest",
            whatGoesWrong: """
                getPostList keeps the list with updateRequest (a request: the list's ids, the values by id) but reads it \
                with retrieve, which looks among single values only: every reload misses the list it cached.
                """,
            fix: """
                getPostList reads the list with retrieveRequest, the counterpart of updateRequest: a reload finds the cached \
                list, then fetches (cacheAndUpdate).
                """,
            fixFile: "Samples/Posts/PostRepository.swift", fixLines: 45...46,
            howToSee: """
                Switch it on, let the list load, then Reload: the reload's trace row says "cache posts: miss PostList" and \
                "pitfall listCacheNeverHits: …" where it said "cache posts: hit PostList (100 values)"; the count grows by one a \
                reload. Live only: the lookups run in the fetch, which a replay does not run (it delivers the recorded answer).
                """,
            counted: "reloads that missed a list the cache held"),
        NicePitfallEntry(
            pitfall: .favouritesKeptInRows, title: "A reload loses the favourites",
            articleCode: "allPosts[postIndex].favourite.toggle()",
            whatGoesWrong: """
                A heart lives only in its row; a reload rebuilds the rows from the fetched posts, every heart off, so the \
                favourites are lost (and the Favourites filter shows nothing).
                """,
            fix: "The view model keeps the hearted posts' ids (favourites) and builds each row's heart from them, so a reload keeps them.",
            fixFile: "Samples/Posts/PostsViewModel.swift", fixLines: 116...119,
            howToSee: """
                Switch it on, heart a post or two, then Reload: the hearts are gone and /state's favourites is empty; \
                the trace row says "pitfall favouritesKeptInRows: the reload replaced the rows and the hearts in them (posts 1, 3)".
                """,
            counted: "reloads that lost favourites"),
        NicePitfallEntry(
            pitfall: .unboundTaskApplies, title: "An unbound view model's answer is still shown",
            articleCode: "Task { @MainActor in   // fetchPosts: a bare Task, none of the view model's cancellables",
            whatGoesWrong: """
                Unbinding (the way back, or a reload that binds afresh) cannot cancel the view model's fetch, so its answer \
                is applied whenever it comes: of two loads in flight, an older one answering last replaces the newer \
                answer (a stale answer shown).
                """,
            fix: """
                ObservableVM.task makes each task one of the cancellables: unbinding cancels it and marks it, and a marked \
                task's answer is not applied.
                """,
            fixFile: "Sources/NiceRuntime/ObservableVM.swift", fixLines: 110...124,
            howToSee: """
                Switch it on, press Slow (1.5 s), then Reload twice within a second: the first reload's answer is applied \
                too, and its row says "pitfall unboundTaskApplies: stale answer shown: fetchPosts of an unbound \
                PostsViewModel applied its answer"; off, that fetch is cancelled and nothing of it is applied. A replay \
                delivers the answers in their recorded order, so it shows the same.
                """,
            counted: "answers of unbound view models' tasks that were applied"),
    ]
}
