import FilmsKit
import MovieCatalog
import Testing

/// The ids the Films list shows for a query: the first 20 results of the catalog the server serves.
public struct FilmsCatalogIDs: Sendable {
    let catalog: MovieCatalog
    public init(_ catalog: MovieCatalog) { self.catalog = catalog }
    public func ids(_ query: String) -> [Int] { catalog.search(query, page: 1).results.prefix(20).map(\.id) }
}

/// One step of a scenario: an input (or the test clock moving on), then the `films` snapshot every implementation
/// must show once the step has settled.
public enum FilmsStep: Sendable {
    case send(FilmsEvent, then: FilmsState)
    /// Waits until a request sleeps on the injected latency, then moves the clock on by `ms`.
    case advanceClock(ms: Int, then: FilmsState)

    public var expected: FilmsState {
        switch self {
        case .send(_, let state), .advanceClock(_, let state): state
        }
    }
}

/// A named list of steps, the same for the five implementations; ids come from the catalog the server serves.
public struct FilmsScenario: Sendable, CustomTestStringConvertible {
    public let name: String
    public let steps: @Sendable (FilmsCatalogIDs) -> [FilmsStep]
    public var testDescription: String { name }

    /// The Films spec, as scenarios (README: "The Films app").
    public static let all: [FilmsScenario] = [
        FilmsScenario(name: "a search shows the first 20 results") { catalog in
            [.send(.search(query: "alien"), then: FilmsState(query: "alien", resultIds: catalog.ids("alien")))]
        },
        FilmsScenario(name: "an empty result shows no films and no error") { _ in
            [.send(.search(query: "zzqxj"), then: FilmsState(query: "zzqxj"))]
        },
        FilmsScenario(name: "a unicode query is sent and found") { catalog in
            [.send(.search(query: "amélie"), then: FilmsState(query: "amélie", resultIds: catalog.ids("amélie")))]
        },
        FilmsScenario(name: "a newer search replaces an older one's results") { catalog in
            [
                .send(.search(query: "alien"), then: FilmsState(query: "alien", resultIds: catalog.ids("alien"))),
                .send(.search(query: "star wars"), then: FilmsState(query: "star wars", resultIds: catalog.ids("star wars"))),
            ]
        },
        FilmsScenario(name: "a slow search overtaken by a fast one is dropped when it answers") { catalog in
            let starWars = FilmsState(query: "star wars", resultIds: catalog.ids("star wars"))
            return [
                .send(.setFaults(latencyMs: 3_000, failureRate: 0), then: FilmsState()),
                .send(.search(query: "alien"), then: FilmsState(query: "alien", loading: true)),
                .send(.setFaults(latencyMs: 0, failureRate: 0), then: FilmsState(query: "alien", loading: true)),
                .send(.search(query: "star wars"), then: starWars),
                .advanceClock(ms: 3_000, then: starWars),
            ]
        },
        FilmsScenario(name: "a search waits the injected latency, then shows its results") { catalog in
            [
                .send(.setFaults(latencyMs: 1_500, failureRate: 0), then: FilmsState()),
                .send(.search(query: "heat"), then: FilmsState(query: "heat", loading: true)),
                .advanceClock(ms: 1_500, then: FilmsState(query: "heat", resultIds: catalog.ids("heat"))),
            ]
        },
        FilmsScenario(name: "open shows a film, back returns to the same list") { catalog in
            let ids = catalog.ids("alien")
            return [
                .send(.search(query: "alien"), then: FilmsState(query: "alien", resultIds: ids)),
                .send(.open(id: ids[1]), then: FilmsState(query: "alien", resultIds: ids, openId: ids[1])),
                .send(.back, then: FilmsState(query: "alien", resultIds: ids)),
            ]
        },
        FilmsScenario(name: "a heart in the list shows in the detail, and one in the detail shows in the list") { catalog in
            let ids = catalog.ids("alien")
            return [
                .send(.search(query: "alien"), then: FilmsState(query: "alien", resultIds: ids)),
                .send(.toggleFavourite(id: ids[0]), then: FilmsState(query: "alien", resultIds: ids, favourites: [ids[0]])),
                .send(.open(id: ids[0]), then: FilmsState(query: "alien", resultIds: ids, openId: ids[0], favourites: [ids[0]])),
                .send(.toggleFavourite(id: ids[0]), then: FilmsState(query: "alien", resultIds: ids, openId: ids[0])),
                .send(.toggleFavourite(id: ids[0]), then: FilmsState(query: "alien", resultIds: ids, openId: ids[0], favourites: [ids[0]])),
                .send(.back, then: FilmsState(query: "alien", resultIds: ids, favourites: [ids[0]])),
            ]
        },
        FilmsScenario(name: "favourites are kept sorted and survive a new search") { catalog in
            let alien = catalog.ids("alien")
            let favourites = [alien[2], alien[0]].sorted()
            return [
                .send(.search(query: "alien"), then: FilmsState(query: "alien", resultIds: alien)),
                .send(.toggleFavourite(id: alien[2]), then: FilmsState(query: "alien", resultIds: alien, favourites: [alien[2]])),
                .send(.toggleFavourite(id: alien[0]), then: FilmsState(query: "alien", resultIds: alien, favourites: favourites)),
                .send(.search(query: "heat"), then: FilmsState(query: "heat", resultIds: catalog.ids("heat"), favourites: favourites)),
            ]
        },
        FilmsScenario(name: "a failed search shows its error, and Retry after the faults are off succeeds") { catalog in
            let failed = FilmsState(query: "alien", error: FilmsMessages.searchFailed("alien"))
            return [
                .send(.setFaults(latencyMs: 0, failureRate: 1), then: FilmsState()),
                .send(.search(query: "alien"), then: failed),
                .send(.retry, then: failed),
                .send(.setFaults(latencyMs: 0, failureRate: 0), then: failed),
                .send(.retry, then: FilmsState(query: "alien", resultIds: catalog.ids("alien"))),
            ]
        },
        FilmsScenario(name: "a failed detail shows its error, Retry loads it, and Back clears a detail's error") { catalog in
            let ids = catalog.ids("alien")
            let failed = FilmsState(query: "alien", resultIds: ids, openId: ids[0], error: FilmsMessages.filmFailed(ids[0]))
            return [
                .send(.search(query: "alien"), then: FilmsState(query: "alien", resultIds: ids)),
                .send(.setFaults(latencyMs: 0, failureRate: 1), then: FilmsState(query: "alien", resultIds: ids)),
                .send(.open(id: ids[0]), then: failed),
                .send(.setFaults(latencyMs: 0, failureRate: 0), then: failed),
                .send(.retry, then: FilmsState(query: "alien", resultIds: ids, openId: ids[0])),
                .send(.back, then: FilmsState(query: "alien", resultIds: ids)),
                .send(.setFaults(latencyMs: 0, failureRate: 1), then: FilmsState(query: "alien", resultIds: ids)),
                .send(.open(id: ids[1]), then: FilmsState(query: "alien", resultIds: ids, openId: ids[1], error: FilmsMessages.filmFailed(ids[1]))),
                .send(.back, then: FilmsState(query: "alien", resultIds: ids)),
            ]
        },
        FilmsScenario(name: "a film the catalog does not have fails to load") { _ in
            [.send(.open(id: 9_999_999), then: FilmsState(openId: 9_999_999, error: FilmsMessages.filmFailed(9_999_999)))]
        },
        FilmsScenario(name: "Back with nothing open and Retry with no error change nothing") { catalog in
            let ids = catalog.ids("heat")
            return [
                .send(.back, then: FilmsState()),
                .send(.retry, then: FilmsState()),
                .send(.search(query: "heat"), then: FilmsState(query: "heat", resultIds: ids)),
                .send(.back, then: FilmsState(query: "heat", resultIds: ids)),
                .send(.retry, then: FilmsState(query: "heat", resultIds: ids)),
            ]
        },
        FilmsScenario(name: "a search while a film is open keeps it open; Back shows the new results") { catalog in
            let alien = catalog.ids("alien")
            let heat = catalog.ids("heat")
            return [
                .send(.search(query: "alien"), then: FilmsState(query: "alien", resultIds: alien)),
                .send(.open(id: alien[0]), then: FilmsState(query: "alien", resultIds: alien, openId: alien[0])),
                .send(.search(query: "heat"), then: FilmsState(query: "heat", resultIds: heat, openId: alien[0])),
                .send(.back, then: FilmsState(query: "heat", resultIds: heat)),
            ]
        },
        FilmsScenario(name: "a heart needs no request: it works while the faults fail everything") { _ in
            [
                .send(.setFaults(latencyMs: 0, failureRate: 1), then: FilmsState()),
                .send(.toggleFavourite(id: 42), then: FilmsState(favourites: [42])),
                .send(.toggleFavourite(id: 7), then: FilmsState(favourites: [7, 42])),
            ]
        },
    ]
}
