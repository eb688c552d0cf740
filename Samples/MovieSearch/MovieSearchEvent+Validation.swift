import AppSeam
import MovieCatalog
import PlaygroundUI

extension MovieSearchEvent {
    /// Validates an event by name and arguments (without `app` and `event`), touching no state.
    ///
    /// ```swift
    /// let event = try MovieSearchEvent(name: "search", arguments: ["query": .string("the matrix")])
    /// // .search(query: "the matrix", page: 1)
    /// try MovieSearchEvent(name: "page", arguments: ["page": .integer(0)])
    /// // throws: page must be a whole number from 1 to 1000; got the number 0.
    /// ```
    ///
    /// - Throws: ``AppInputError`` naming the event or argument and what is accepted.
    public init(name: String, arguments: [String: EventArgument]) throws(AppInputError) {
        switch name {
        case "search":
            try Self.expectOnly(["query", "page"], in: arguments, event: name, accepted: "query and optionally page")
            guard let rawQuery = arguments["query"] else {
                throw AppInputError(
                    .missingArgument,
                    "The mvi event search needs query: the words of a film title as a string, for example \"query\":\"star wars\".")
            }
            let query = try Self.text(rawQuery, argument: "query")
            let page = try arguments["page"].map { (raw) throws(AppInputError) in try Self.page(raw) } ?? 1
            do {
                let request = try SearchRequest(query: query, page: page)
                self = .search(query: request.query, page: request.page)
            } catch {
                throw AppInputError(.invalidArgument, "query is not accepted: \(error.message).")
            }
        case "page":
            try Self.expectOnly(["page"], in: arguments, event: name, accepted: "page")
            guard let rawPage = arguments["page"] else {
                throw AppInputError(
                    .missingArgument,
                    "The mvi event page needs page: a whole number from 1 to \(SearchRequest.maximumPage), for example \"page\":2.")
            }
            self = .page(try Self.page(rawPage))
        case "setFaults":
            try Self.expectOnly(["latencyMs", "failureRate"], in: arguments, event: name, accepted: "latencyMs and failureRate")
            guard let rawLatency = arguments["latencyMs"], let rawRate = arguments["failureRate"] else {
                throw AppInputError(
                    .missingArgument,
                    "The mvi event setFaults needs latencyMs (0 to \(FaultSettings.maximumLatencyMs)) and failureRate (0 to 1), "
                        + "for example \"latencyMs\":1500,\"failureRate\":0.5.")
            }
            self = .setFaults(latencyMs: try Self.latency(rawLatency), failureRate: try Self.failureRate(rawRate))
        default:
            throw AppInputError(
                .unknownEvent,
                "The mvi app has no event \(quoted(name)); accepted: \(Self.acceptedNames.joined(separator: ", ")).")
        }
    }

    private static func expectOnly(
        _ names: Set<String>, in arguments: [String: EventArgument], event: String, accepted: String
    ) throws(AppInputError) {
        if let extra = arguments.keys.filter({ !names.contains($0) }).sorted().first {
            throw AppInputError(
                .unexpectedArgument,
                "The mvi event \(event) takes \(accepted), but \(quoted(extra)) was given.")
        }
    }

    private static func text(_ raw: EventArgument, argument: String) throws(AppInputError) -> String {
        switch raw {
        case .string(let text), .formText(let text): return text
        default:
            throw AppInputError(
                .invalidArgument,
                "\(argument) must be a string of words of a film title, for example \"matrix\"; got \(raw.given).")
        }
    }

    private static func page(_ raw: EventArgument) throws(AppInputError) -> Int {
        let accepted = "page must be a whole number from 1 to \(SearchRequest.maximumPage)"
        guard let page = raw.integer, (1...SearchRequest.maximumPage).contains(page) else {
            throw AppInputError(.invalidArgument, "\(accepted); got \(raw.given).")
        }
        return page
    }

    private static func latency(_ raw: EventArgument) throws(AppInputError) -> Int {
        guard let latency = raw.integer, (0...FaultSettings.maximumLatencyMs).contains(latency) else {
            throw AppInputError(
                .invalidArgument,
                "latencyMs must be a whole number of milliseconds from 0 to \(FaultSettings.maximumLatencyMs); got \(raw.given).")
        }
        return latency
    }

    private static func failureRate(_ raw: EventArgument) throws(AppInputError) -> Double {
        guard let rate = raw.decimal, (0...1).contains(rate) else {
            throw AppInputError(
                .invalidArgument,
                "failureRate must be a number from 0 to 1 (0.25 fails one search in four); got \(raw.given).")
        }
        return rate
    }

}
