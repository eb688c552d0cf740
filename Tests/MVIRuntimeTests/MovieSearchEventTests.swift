import AppSeam
import MovieCatalog
import PlaygroundUI
import Testing
@testable import MovieSearchMVI

@Suite struct MovieSearchEventTests {
    typealias Arguments = [String: EventArgument]

    static func refusal(_ name: String, _ arguments: Arguments) -> AppInputError? {
        do {
            _ = try MovieSearchEvent(name: name, arguments: arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test func acceptedEvents() throws {
        #expect(try MovieSearchEvent(name: "search", arguments: ["query": .string("the matrix")]) == .search(query: "the matrix", page: 1))
        #expect(
            try MovieSearchEvent(name: "search", arguments: ["query": .formText("C++ & co"), "page": .formText("3")])
                == .search(query: "C++ & co", page: 3))
        #expect(
            try MovieSearchEvent(name: "search", arguments: ["query": .string("x"), "page": .integer(1000)])
                == .search(query: "x", page: 1000))
        #expect(try MovieSearchEvent(name: "page", arguments: ["page": .integer(2)]) == .page(2))
        #expect(try MovieSearchEvent(name: "page", arguments: ["page": .formText("1")]) == .page(1))
        #expect(
            try MovieSearchEvent(name: "setFaults", arguments: ["latencyMs": .integer(1500), "failureRate": .number(0.5)])
                == .setFaults(latencyMs: 1500, failureRate: 0.5))
        #expect(
            try MovieSearchEvent(name: "setFaults", arguments: ["latencyMs": .formText("0"), "failureRate": .formText("1")])
                == .setFaults(latencyMs: 0, failureRate: 1))
        #expect(
            try MovieSearchEvent(name: "setFaults", arguments: ["latencyMs": .integer(10_000), "failureRate": .integer(0)])
                == .setFaults(latencyMs: 10_000, failureRate: 0))
    }

    @Test func refusalsNameWhatIsAccepted() {
        let cases: [(String, Arguments, AppInputError)] = [
            ("reset", [:], .init(.unknownEvent, #"The mvi app has no event "reset"; accepted: search, page, setFaults."#)),
            (
                "search", ["query": .string("x"), "sort": .string("year")],
                .init(
                    .unexpectedArgument, #"The mvi event search takes query and optionally page, but "sort" was given."#)
            ),
            (
                "search", [:],
                .init(
                    .missingArgument,
                    #"The mvi event search needs query: the words of a film title as a string, for example "query":"star wars"."#)
            ),
            (
                "search", ["query": .integer(5)],
                .init(
                    .invalidArgument,
                    #"query must be a string of words of a film title, for example "matrix"; got the number 5."#)
            ),
            (
                "search", ["query": .string("   ")],
                .init(
                    .invalidArgument,
                    #"query is not accepted: the query is empty; type one or more words of a film title, for example "star wars"."#)
            ),
            (
                "search", ["query": .string("!!!")],
                .init(
                    .invalidArgument,
                    "query is not accepted: the query has no letters or digits, so it cannot match a title; type a word of the title.")
            ),
            (
                "search", ["query": .string("x"), "page": .integer(0)],
                .init(.invalidArgument, "page must be a whole number from 1 to 1000; got the number 0.")
            ),
            (
                "page", ["page": .number(2.5)],
                .init(.invalidArgument, "page must be a whole number from 1 to 1000; got the number 2.5.")
            ),
            (
                "page", ["page": .formText("two")],
                .init(.invalidArgument, #"page must be a whole number from 1 to 1000; got "two"."#)
            ),
            (
                "page", [:],
                .init(
                    .missingArgument,
                    #"The mvi event page needs page: a whole number from 1 to 1000, for example "page":2."#)
            ),
            (
                "page", ["page": .integer(2), "query": .string("x")],
                .init(.unexpectedArgument, #"The mvi event page takes page, but "query" was given."#)
            ),
            (
                "setFaults", ["latencyMs": .integer(10_001), "failureRate": .number(0)],
                .init(
                    .invalidArgument,
                    "latencyMs must be a whole number of milliseconds from 0 to 10000; got the number 10001.")
            ),
            (
                "setFaults", ["latencyMs": .integer(0), "failureRate": .number(1.5)],
                .init(
                    .invalidArgument,
                    "failureRate must be a number from 0 to 1 (0.25 fails one search in four); got the number 1.5.")
            ),
            (
                "setFaults", ["latencyMs": .integer(0), "failureRate": .string("0.5")],
                .init(
                    .invalidArgument,
                    #"failureRate must be a number from 0 to 1 (0.25 fails one search in four); got the string "0.5"."#)
            ),
            (
                "setFaults", ["latencyMs": .integer(0), "failureRate": .formText("nan")],
                .init(
                    .invalidArgument,
                    #"failureRate must be a number from 0 to 1 (0.25 fails one search in four); got "nan"."#)
            ),
            (
                "setFaults", ["latencyMs": .integer(0)],
                .init(
                    .missingArgument,
                    #"The mvi event setFaults needs latencyMs (0 to 10000) and failureRate (0 to 1), for example "latencyMs":1500,"failureRate":0.5."#
                )
            ),
        ]
        for (name, arguments, expected) in cases {
            #expect(Self.refusal(name, arguments) == expected, "\(name) \(arguments)")
        }
        #expect(Self.refusal("search", ["query": .string("a\nb")])?.message.contains("U+000A") == true)
        #expect(Self.refusal("search", ["query": .string(String(repeating: "a", count: 201))])?.code == .invalidArgument)
    }

    @Test func postedFieldsMatchWhatTheValidatorAccepts() throws {
        for event: MovieSearchEvent in [.search(query: "star wars", page: 2), .page(3), .setFaults(latencyMs: 600, failureRate: 0.5)] {
            var arguments: Arguments = [:]
            let posted = event.postedFields(app: "mvi")
            for field in posted where field.name != "app" && field.name != "event" {
                arguments[field.name] = .formText(field.value)
            }
            #expect(posted.first.map { "\($0.name)=\($0.value)" } == "app=mvi")
            #expect(try MovieSearchEvent(name: event.name, arguments: arguments) == event)
        }
    }
}
