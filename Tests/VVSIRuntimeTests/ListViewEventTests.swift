import AppSeam
import Testing
import VVSIRuntime
@testable import ListViewVVSI

/// The validator the playground runs before an event reaches a room.
@Suite struct ListViewEventTests {
    static let rule = #"The vvsi event random takes "count", an integer in 1..<10 (1 to 9), and "length", an integer in 1..<5 (1 to 4)"#

    func error(_ name: String, _ arguments: [String: Int?] = [:]) -> AppInputError? {
        do {
            _ = try ListViewEvent(name: name, arguments: arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test func acceptsEveryEventWithItsArguments() throws {
        #expect(ListViewEvent.acceptedNames == ["add", "remove", "random", "dismissAlert"])
        #expect(try ListViewEvent(name: "add", arguments: [:]) == .add)
        #expect(try ListViewEvent(name: "remove", arguments: [:]) == .remove)
        #expect(try ListViewEvent(name: "dismissAlert", arguments: [:]) == .dismissAlert)
        #expect(try ListViewEvent(name: "random", arguments: ["count": 1, "length": 1]) == .random(count: 1, length: 1))
        #expect(try ListViewEvent(name: "random", arguments: ["count": 9, "length": 4]) == .random(count: 9, length: 4))
    }

    @Test func refusesUnknownNamesQuotingAtMostSixtyCharacters() {
        #expect(
            error("explode")
                == AppInputError(.unknownEvent, #"The vvsi app has no event "explode"; accepted: add, remove, random, dismissAlert."#))
        #expect(error("Add")?.code == .unknownEvent)
        let long = String(repeating: "x", count: 65) + "\"<script>"
        #expect(
            error(long)?.message
                == "The vvsi app has no event \"\(String(repeating: "x", count: 60))…\"; accepted: add, remove, random, dismissAlert.")
    }

    @Test func refusesArgumentsWhereNoneAreTaken() {
        for name in ["add", "remove", "dismissAlert"] {
            #expect(
                error(name, ["length": 2, "count": 1])
                    == AppInputError(
                        .unexpectedArgument, #"The vvsi event \#(name) takes no arguments, but "count" was given; send only app and event."#
                    ))
        }
    }

    @Test func randomNamesTheAcceptedRangesForEveryMistake() {
        #expect(
            error("random", ["count": 3, "length": 2, "colour": 1])
                == AppInputError(.unexpectedArgument, Self.rule + #"; "colour" is not one of them."#))
        #expect(error("random", ["length": 2]) == AppInputError(.missingArgument, Self.rule + #"; "count" is missing."#))
        #expect(error("random", ["count": 2]) == AppInputError(.missingArgument, Self.rule + #"; "length" is missing."#))
        #expect(error("random", [:])?.message == Self.rule + #"; "count" is missing."#)
        #expect(
            error("random", ["count": Int?.none, "length": 2])
                == AppInputError(.invalidArgument, Self.rule + #"; "count" is not an integer."#))
        #expect(
            error("random", ["count": 2, "length": Int?.none])
                == AppInputError(.invalidArgument, Self.rule + #"; "length" is not an integer."#))
        for count in [0, 10, -1, Int.max] {
            #expect(
                error("random", ["count": count, "length": 2])
                    == AppInputError(.invalidArgument, Self.rule + #"; "count" is \#(count)."#))
        }
        for length in [0, 5] {
            #expect(
                error("random", ["count": 2, "length": length])
                    == AppInputError(.invalidArgument, Self.rule + #"; "length" is \#(length)."#))
        }
    }

    @Test func eventsPostTheirFieldsAndMapToActions() {
        func fields(_ event: ListViewEvent) -> [String] { event.postedFields.map { "\($0.name)=\($0.value)" } }
        #expect(fields(.add) == ["app=vvsi", "event=add"])
        #expect(fields(.random(count: 3, length: 2)) == ["app=vvsi", "event=random", "count=3", "length=2"])
        #expect(fields(.dismissAlert) == ["app=vvsi", "event=dismissAlert"])
        #expect(ListViewEvent.add.action == .add)
        #expect(ListViewEvent.remove.action == .remove)
        #expect(ListViewEvent.random(count: 3, length: 2).action == .random(.init(count: 3, length: 2)))
        #expect(ListViewEvent.dismissAlert.action == nil)
        #expect(ListViewEvent.countRange == 1..<10 && ListViewEvent.lengthRange == 1..<5)
    }
}
