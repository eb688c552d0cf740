import PlaygroundUI
import Testing

@testable import AppSeam

/// A `Codable` enum read from the flat envelope: the event names the case, the other fields its labelled values.
@Suite("Envelope coding")
struct EnvelopeCodingTests {
    enum Tally: AppInput, Codable, Equatable {
        case increment
        case add(amount: Int)
        case rename(title: String, loud: Bool?)
        case scale(factor: Double)

        static let examples: [(label: String, input: Tally)] = [
            ("Increment", .increment), ("Add 3", .add(amount: 3)), ("Rename", .rename(title: "x", loud: true)),
            ("Scale", .scale(factor: 1.5)),
        ]

        func validate() throws(AppInputError) {
            if case .add(let amount) = self, !(1...10).contains(amount) {
                throw AppInputError(.invalidArgument, "\"amount\" must be 1 to 10; it is \(amount).")
            }
        }
    }

    @Test func casesAndArgumentsFromJSONAndForms() throws {
        #expect(try Tally(event: "increment", arguments: [:]) == .increment)
        #expect(try Tally(event: "add", arguments: ["amount": .integer(3)]) == .add(amount: 3))
        #expect(try Tally(event: "add", arguments: ["amount": .formText("4")]) == .add(amount: 4))
        #expect(try Tally(event: "rename", arguments: ["title": .string("<b>")]) == .rename(title: "<b>", loud: nil))
        #expect(try Tally(event: "rename", arguments: ["title": .formText("t"), "loud": .formText("true")]) == .rename(title: "t", loud: true))
        #expect(try Tally(event: "rename", arguments: ["title": .string("t"), "loud": .null]) == .rename(title: "t", loud: nil))
        #expect(try Tally(event: "scale", arguments: ["factor": .integer(2)]) == .scale(factor: 2))
        #expect(try Tally(event: "scale", arguments: ["factor": .formText("0.5")]) == .scale(factor: 0.5))
    }

    @Test(arguments: [
        ("explode", [String: EventArgument](), AppInputError.Code.unknownEvent, "accepted: increment, add, rename, scale"),
        ("", [:], .unknownEvent, "accepted:"),
        ("add", [:], .missingArgument, "\"amount\""),
        ("add", ["amount": .string("3")], .invalidArgument, "an integer"),
        ("add", ["amount": .number(2.5)], .invalidArgument, "an integer"),
        ("add", ["amount": .formText("three")], .invalidArgument, "an integer"),
        ("add", ["amount": .integer(11)], .invalidArgument, "1 to 10"),
        ("add", ["amount": .integer(1), "extra": .integer(1)], .unexpectedArgument, "\"extra\""),
        ("increment", ["x": .integer(1)], .unexpectedArgument, "takes no arguments"),
        ("rename", ["title": .string("t"), "loud": .string("yes")], .invalidArgument, "true or false"),
        ("scale", ["factor": .formText("nan")], .invalidArgument, "a number"),
        ("scale", ["factor": .boolean(true)], .invalidArgument, "a number"),
    ])
    func refusalsSayWhatIsAccepted(event: String, arguments: [String: EventArgument], code: AppInputError.Code, mentions: String) {
        do {
            _ = try Tally(event: event, arguments: arguments)
            Issue.record("\(event) \(arguments) was accepted")
        } catch {
            #expect(error.code == code, "\(error.message)")
            #expect(error.message.contains(mentions), "\(error.message)")
        }
    }

    @Test func anInputIsWrittenBackAsItsEnvelope() throws {
        #expect(Tally.increment.envelopeFields.map(\.name) == ["event"])
        #expect(Tally.add(amount: 3).envelopeFields.map(\.value) == [.string("add"), .integer(3)])
        let rename = Tally.rename(title: "t", loud: true).envelopeFields
        #expect(rename.map(\.name) == ["event", "title", "loud"])
        #expect(Tally.scale(factor: 1.5).eventName == "scale")
        for (_, input) in Tally.examples {
            let fields = input.envelopeFields
            let arguments = Dictionary(uniqueKeysWithValues: fields.dropFirst().map { ($0.name, $0.value) })
            #expect(try Tally(event: input.eventName, arguments: arguments) == input, "round trip of \(input)")
        }
    }

    @Test func hostileEventNamesAreQuotedWithoutControlsAndCut() {
        #expect(quoted("a\u{7}b") == "\"ab\"")
        #expect(quoted(String(repeating: "x", count: 100)).hasSuffix("…\""))
    }
}
