import RoomServices
import Testing

/// Rooms delivering the same recorded answer share one decoded value instead of decoding a copy each.
@MainActor
struct EffectOutcomeSharingTests {
    final class Answer: Codable, Sendable {
        let titles: [String]
    }

    struct Other: Codable, Sendable {
        let titles: [String]
    }

    /// Replays `json` as effect 1 of a new room's effects and returns what the app got.
    private func delivered<Output: Codable & Sendable>(_ type: Output.Type, json: String) -> Output? {
        let effects = Effects(isolation: MainActor.shared, mode: .replay)
        var got: Output?
        effects.run("load", { () async throws -> Output in throw CancellationError() }) { got = try? $0.get() }
        #expect(effects.complete(EffectOutcome(effect: 1, label: "load", value: json, error: nil, errorDetail: nil)))
        return got
    }

    @Test func twoRoomsGetTheSameDecodedAnswer() throws {
        let json = #"{"titles":["sunt aut facere repellat provident","qui est esse"]}"#
        let first = try #require(delivered(Answer.self, json: json))
        let second = try #require(delivered(Answer.self, json: json))
        #expect(first === second)
        #expect(second.titles == ["sunt aut facere repellat provident", "qui est esse"])
    }

    @Test func anotherAnswerOrTypeIsDecodedAnew() throws {
        let json = #"{"titles":["dolorem eum magni eos aperiam quia"]}"#
        let first = try #require(delivered(Answer.self, json: json))
        let other = try #require(delivered(Answer.self, json: #"{"titles":["magnam facilis autem"]}"#))
        #expect(first !== other)
        #expect(other.titles == ["magnam facilis autem"])
        #expect(delivered(Other.self, json: json)?.titles == ["dolorem eum magni eos aperiam quia"])
    }
}
