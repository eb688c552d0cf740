import AppSeam
import MovieCatalog
import PlaygroundUI
import Testing
@testable import MovieSearchMVI

/// The movie search's events, decoded from the envelope by `Codable`; `validate()` adds the ranges and the
/// query's rules (`SearchRequest`'s).
@Suite struct MovieSearchEventTests {
    typealias Arguments = [String: EventArgument]

    static func refusal(_ name: String, _ arguments: Arguments) -> AppInputError? {
        do {
            _ = try MovieSearchEvent(event: name, arguments: arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test func acceptedEvents() throws {
        #expect(try MovieSearchEvent(event: "search", arguments: ["query": .string("the matrix")]) == .search(query: "the matrix"))
        #expect(
            try MovieSearchEvent(event: "search", arguments: ["query": .formText("C++ & co"), "page": .formText("3")])
                == .search(query: "C++ & co", page: 3))
        #expect(
            try MovieSearchEvent(event: "search", arguments: ["query": .string("x"), "page": .integer(1000)])
                == .search(query: "x", page: 1000))
        #expect(try MovieSearchEvent(event: "page", arguments: ["page": .integer(2)]) == .page(page: 2))
        #expect(try MovieSearchEvent(event: "page", arguments: ["page": .formText("1")]) == .page(page: 1))
        #expect(
            try MovieSearchEvent(event: "setFaults", arguments: ["latencyMs": .integer(1500), "failureRate": .number(0.5)])
                == .setFaults(latencyMs: 1500, failureRate: 0.5))
        #expect(
            try MovieSearchEvent(event: "setFaults", arguments: ["latencyMs": .formText("0"), "failureRate": .formText("1")])
                == .setFaults(latencyMs: 0, failureRate: 1))
        #expect(
            try MovieSearchEvent(event: "setFaults", arguments: ["latencyMs": .integer(10_000), "failureRate": .integer(0)])
                == .setFaults(latencyMs: 10_000, failureRate: 0))
    }

    /// What the envelope refuses names the event and what it takes; what `validate()` refuses, the rule.
    @Test func refusalsNameWhatIsAccepted() {
        let shapes: [(String, Arguments, AppInputError.Code, [String])] = [
            ("reset", [:], .unknownEvent, [#""reset""#, "search, page, setFaults"]),
            ("search", ["query": .string("x"), "sort": .string("year")], .unexpectedArgument, [#""sort""#, #""query""#, #""page""#]),
            ("search", [:], .missingArgument, [#""query""#]),
            ("search", ["query": .integer(5)], .invalidArgument, [#""query""#]),
            ("page", ["page": .number(2.5)], .invalidArgument, [#""page""#]),
            ("page", ["page": .formText("two")], .invalidArgument, [#""page""#]),
            ("page", [:], .missingArgument, [#""page""#]),
            ("page", ["page": .integer(2), "query": .string("x")], .unexpectedArgument, [#""query""#]),
            ("setFaults", ["latencyMs": .integer(0), "failureRate": .string("0.5")], .invalidArgument, [#""failureRate""#]),
            ("setFaults", ["latencyMs": .integer(0), "failureRate": .formText("nan")], .invalidArgument, [#""failureRate""#]),
            ("setFaults", ["latencyMs": .integer(0)], .missingArgument, [#""failureRate""#]),
        ]
        for (name, arguments, code, mentions) in shapes {
            let refused = Self.refusal(name, arguments)
            #expect(refused?.code == code, "\(name) \(arguments): \(String(describing: refused))")
            for text in mentions { #expect(refused?.message.contains(text) == true, "\(name) \(arguments): \(String(describing: refused))") }
        }
        let rules: [(String, Arguments, String)] = [
            (
                "search", ["query": .string("   ")],
                #""query" is not accepted: the query is empty; type one or more words of a film title, for example "star wars"."#
            ),
            (
                "search", ["query": .string("!!!")],
                #""query" is not accepted: the query has no letters or digits, so it cannot match a title; type a word of the title."#
            ),
            ("search", ["query": .string("x"), "page": .integer(0)], #""page" must be a whole number from 1 to 1000; got 0."#),
            ("page", ["page": .integer(1001)], #""page" must be a whole number from 1 to 1000; got 1001."#),
            ("search", ["query": .string("x"), "page": .null], #""page" must be a whole number from 1 to 1000; got null."#),
            (
                "setFaults", ["latencyMs": .integer(10_001), "failureRate": .number(0)],
                #""latencyMs" must be a whole number of milliseconds from 0 to 10000; got 10001."#
            ),
            (
                "setFaults", ["latencyMs": .integer(0), "failureRate": .number(1.5)],
                #""failureRate" must be a number from 0 to 1 (0.25 fails one search in four); got 1.5."#
            ),
        ]
        for (name, arguments, message) in rules {
            #expect(Self.refusal(name, arguments) == AppInputError(.invalidArgument, message), "\(name) \(arguments)")
        }
        #expect(Self.refusal("search", ["query": .string("a\nb")])?.message.contains("U+000A") == true)
        #expect(Self.refusal("search", ["query": .string(String(repeating: "a", count: 201))])?.code == .invalidArgument)
    }

    @Test func postedFieldsMatchWhatTheDecoderAccepts() throws {
        for event: MovieSearchEvent in [.search(query: "star wars", page: 2), .search(query: "alien"), .page(page: 3), .setFaults(latencyMs: 600, failureRate: 0.5)] {
            var arguments: Arguments = [:]
            let posted = event.postedFields(app: "mvi")
            for field in posted where field.name != "app" && field.name != "event" {
                arguments[field.name] = .formText(field.value)
            }
            #expect(posted.first.map { "\($0.name)=\($0.value)" } == "app=mvi")
            #expect(try MovieSearchEvent(event: event.eventName, arguments: arguments) == event)
        }
    }
}
