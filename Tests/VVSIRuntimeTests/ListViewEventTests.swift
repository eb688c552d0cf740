import AppSeam
import PlaygroundUI
import Testing
import VVSIRuntime
@testable import ListViewVVSI

/// The list's input, decoded from the envelope by `Codable` before an event reaches a room.
@Suite struct ListViewEventTests {
    static let rule = #"The vvsi event random takes "count", an integer in 1..<10 (1 to 9), and "length", an integer in 1..<5 (1 to 4)"#

    /// `nil` stands for a field that is not an integer.
    func decode(_ name: String, _ arguments: [String: Int?] = [:]) throws(AppInputError) -> ListViewPlayground.Input {
        try ListViewPlayground.Input(event: name, arguments: arguments.mapValues { value -> EventArgument in value.map { .integer($0) } ?? .string("x") })
    }

    func error(_ name: String, _ arguments: [String: Int?] = [:]) -> AppInputError? {
        do {
            _ = try decode(name, arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test func acceptsEveryEventWithItsArguments() throws {
        #expect(ListViewPlayground.Input.examples.map(\.input.eventName) == ["add", "remove", "random", "dismissAlert", "setPitfall"])
        #expect(try decode("add") == .app(.add))
        #expect(try decode("remove") == .app(.remove))
        #expect(try decode("dismissAlert") == .app(.dismissAlert))
        #expect(try decode("random", ["count": 1, "length": 1]) == .app(.random(count: 1, length: 1)))
        #expect(try decode("random", ["count": 9, "length": 4]) == .app(.random(count: 9, length: 4)))
    }

    @Test func refusesUnknownNamesQuotingAtMostSixtyCharacters() {
        #expect(error("explode") == AppInputError(.unknownEvent, #"The vvsi app has no event "explode"; accepted: add, remove, random, dismissAlert, setPitfall."#))
        #expect(error("Add")?.code == .unknownEvent)
        let long = String(repeating: "x", count: 65) + "\"<script>"
        #expect(error(long)?.message == "The vvsi app has no event \"\(String(repeating: "x", count: 60))…\"; accepted: add, remove, random, dismissAlert, setPitfall.")
    }

    @Test func refusesArgumentsWhereNoneAreTaken() {
        for name in ["add", "remove", "dismissAlert"] {
            let refused = error(name, ["length": 2, "count": 1])
            #expect(refused?.code == .unexpectedArgument && refused?.message.contains("takes no arguments, but \"count\" was given") == true)
        }
    }

    @Test func randomNamesTheAcceptedRangesForEveryMistake() {
        #expect(error("random", ["count": 3, "length": 2, "colour": 1])?.code == .unexpectedArgument)
        #expect(error("random", ["count": 3, "length": 2, "colour": 1])?.message.contains(#""colour" was given"#) == true)
        #expect(error("random", ["length": 2])?.code == .missingArgument)
        #expect(error("random", ["length": 2])?.message.contains(#""count""#) == true)
        #expect(error("random", ["count": 2])?.message.contains(#""length""#) == true)
        #expect(error("random", ["count": Int?.none, "length": 2])?.code == .invalidArgument)
        #expect(error("random", ["count": 2, "length": Int?.none])?.message.contains(#""length" to be an integer"#) == true)
        for count in [0, 10, -1, Int.max] {
            #expect(error("random", ["count": count, "length": 2]) == AppInputError(.invalidArgument, Self.rule + #"; "count" is \#(count)."#))
        }
        for length in [0, 5] {
            #expect(error("random", ["count": 2, "length": length]) == AppInputError(.invalidArgument, Self.rule + #"; "length" is \#(length)."#))
        }
    }

    @Test func eventsPostTheirFieldsAndMapToActions() {
        func fields(_ event: ListViewEvent) -> [String] { event.postedFields(app: ListViewPlayground.about.id).map { "\($0.name)=\($0.value)" } }
        #expect(fields(.add) == ["app=vvsi", "event=add"])
        #expect(fields(.random(count: 3, length: 2)) == ["app=vvsi", "event=random", "count=3", "length=2"])
        #expect(fields(.dismissAlert) == ["app=vvsi", "event=dismissAlert"])
        #expect(ListViewEvent.add.action == .add)
        #expect(ListViewEvent.remove.action == .remove)
        #expect(ListViewEvent.random(count: 3, length: 2).action == .random(.init(count: 3, length: 2)))
        #expect(ListViewEvent.dismissAlert.action == nil)
        #expect(ListViewPlayground.Input.setPitfall(on: true).action == nil)
    }
}
