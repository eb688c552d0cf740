import AppSeam
import MovieCatalog

/// The Films app's contract, the same for its five implementations: every event any of them takes over HTTP
/// (`{"app":"films-mvi","event":"search","query":"alien"}`) and from the compare page's shared controls, decoded
/// from the flat envelope by `Codable`. Each implementation maps it onto its architecture's own path.
public enum FilmsEvent: AppInput, Codable, Equatable {
    /// Searches the catalog; a newer search always wins over a slower, older one.
    case search(query: String)
    /// Opens a film's detail.
    case open(id: Int)
    /// Back from the detail to the list, at the same place (nothing open: nothing happens).
    case back
    /// Adds the film to the favourites, or takes it out.
    case toggleFavourite(id: Int)
    /// Runs the request that failed again (no error shown: nothing happens).
    case retry
    /// New fault injection settings for every later request.
    case setFaults(latencyMs: Int, failureRate: Double)
    /// The implementation's pitfall switch: `on` runs its article's code as published (each app declares its own
    /// pitfalls; the registry refuses a name the app does not have).
    case setPitfall(on: Bool, pitfall: String? = nil)

    /// The largest film id a client may send (the catalog's ids are far below it).
    public static let maximumID = 10_000_000

    public static let events: [EventDeclaration] = [
        .init(
            "search", "Films: searches the catalog (`GET /3/search/movie`); the first 20 results are shown. A newer search wins over an older, slower one.",
            ["query": .documented(query)]),
        .init(
            "open", "Films: opens a film's detail (`GET /3/movie/{id}`); the list stays where it was.",
            ["id": .integer(1...maximumID)]),
        .init("back", "Films: back from the detail to the list."),
        .init("toggleFavourite", "Films: adds the film to the favourites, or takes it out; the badge counts them.", ["id": .integer(1...maximumID)]),
        .init("retry", "Films: runs the request that failed again (no error shown: nothing happens)."),
        .init(
            "setFaults", "Films: fault injection: every later request waits `latencyMs` and fails with probability `failureRate`.",
            [
                "latencyMs": .integer(
                    0...FaultSettings.maximumLatencyMs, must: "a whole number of milliseconds from 0 to \(FaultSettings.maximumLatencyMs)"),
                "failureRate": .number(0...1, must: "a number from 0 to 1 (0.25 fails one request in four)"),
            ]),
        // Each implementation's own pitfall names replace this one's rule in its OpenAPI variant (PitfallDeclaringApp).
        .init(
            "setPitfall",
            "Films: pitfall switch: `on: true` runs this implementation's article code as published, `on: false` (the default) the runtime's fix.",
            ["pitfall": .documented(["minLength": 1, "description": "One of the implementation's pitfalls (may be left out where it has one)."])]),
    ]

    static let query: JSONLiteral = [
        "minLength": 1,
        "pattern": "^[^\\x00-\\x1f\\x7f-\\x9f]*[^\\x00-\\x2f\\x3a-\\x40\\x5b-\\x60\\x7b-\\x9f][^\\x00-\\x1f\\x7f-\\x9f]*$",
        "description": """
            Words of a film title: at most 200 characters, no control characters, not only whitespace, at least one letter or \
            digit. A query the server refuses is a 400.
            """,
    ]

    /// The query `SearchRequest` accepts.
    public func validate() throws(AppInputError) {
        guard case .search(let query) = self else { return }
        do {
            _ = try SearchRequest(query: query)
        } catch {
            throw AppInputError(.invalidArgument, "\"query\" is not accepted: \(error.message).")
        }
    }

    public static var examples: [(label: String, input: FilmsEvent)] {
        [
            ("Search", .search(query: "alien")), ("Open a film", .open(id: 1_000)), ("Back", .back),
            ("Heart a film", .toggleFavourite(id: 1_000)), ("Retry", .retry),
            ("Inject failures", .setFaults(latencyMs: 0, failureRate: 1)),
        ]
    }
}

extension FilmsEvent: PitfallSwitchCarrying {
    public var pitfallSwitch: (on: Bool, pitfall: String?)? {
        if case .setPitfall(let on, let name) = self { (on, name) } else { nil }
    }
}
