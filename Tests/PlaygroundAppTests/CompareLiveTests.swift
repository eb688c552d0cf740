import AppSeam
import FilmsKit
import Foundation
import PlaygroundTesting
import Testing

/// The compare endpoint on a live playground: the Films scenarios sent once to all five implementations over real
/// HTTP, and after every step each of the five shows the very same `films` snapshot, the one the spec expects.
@Suite("Compare page, live")
struct CompareLiveTests {
    static let implementations = ["films-ev", "films-vvsi", "films-mvi", "films-nice", "films-router"]

    @Test(arguments: FilmsScenario.all)
    func allFiveAgreeOverHTTP(_ scenario: FilmsScenario) async throws {
        let live = try await LivePlayground()
        let room = try await live.newRoom()
        let steps = scenario.steps(FilmsCatalogIDs(try await ShippedCatalog.catalog()))
        for (number, step) in steps.enumerated() {
            if case .send(var event, _) = step {
                // The latency passes in real time here: the longest there is, so a loaded machine still sees the
                // searches waiting at the steps that expect them to (3 s ran out before a check at load 9).
                if case .setFaults(let latencyMs, let failureRate) = event, latencyMs > 0 {
                    event = .setFaults(latencyMs: FaultSettings.maximumLatencyMs, failureRate: failureRate)
                }
                let response = try await live.request(
                    "POST", room + "/compare/events", headers: ["Content-Type": "application/json"], body: Self.json(event))
                #expect(response.status == 202, "step \(number + 1): \(response.text)")
            }
            // `.advanceClock`: the latency passes in real time.
            let expected = step.expected
            var seen: [String: FilmsState] = [:]
            let deadline = ContinuousClock.now + .seconds(30)
            repeat {
                seen = try await Self.films(live, room)
                if Self.implementations.allSatisfy({ seen[$0] == expected }) { break }
                try await Task.sleep(for: .milliseconds(20))
            } while ContinuousClock.now < deadline
            for app in Self.implementations {
                #expect(seen[app] == expected, "step \(number + 1) of \(scenario.name): \(app)")
            }
        }
    }

    @Test func theComparePageShowsTheFivePanesTheSharedBarTheAlignedTracesAndTheCodeSizes() async throws {
        let live = try await LivePlayground()
        let room = try await live.newRoom()
        #expect(!(try await live.state(room)).contains("films-"), "a room that never compared hosts no Films app")
        let roomPage = try await live.request("GET", room)
        #expect(roomPage.text.contains("href=\"\(room)/compare\""), "the room page links the compare page")
        #expect(!roomPage.text.contains("id=\"films-ev\""), "the room page keeps the five article samples")

        let sent = try await live.request(
            "POST", room + "/compare/events", headers: ["Content-Type": "application/json"], body: #"{"event":"search","query":"alien"}"#)
        #expect(sent.status == 202)
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(sent.text.utf8)) as? [String: Any])
        #expect((answer["apps"] as? [String: Any]).map { Set($0.keys) } == Set(Self.implementations), "\(sent.text)")

        let page = try await live.request("GET", room + "/compare")
        #expect(page.status == 200)
        for app in Self.implementations { #expect(page.text.contains("<section class=\"pane\" id=\"\(app)\""), "\(app)") }
        #expect(page.text.contains("id=\"compare-bar\"") && page.text.contains("/compare/events"))
        #expect(page.text.contains("id=\"compare-trace\"") && page.text.contains("alien"))
        #expect(page.text.contains("Code each implementation needed") && page.text.contains("article-shaped lines"))
        let state = try await live.state(room)
        for app in Self.implementations { #expect(state.contains("\"\(app)\""), "\(app) is in /state once used") }
    }

    @Test func aBadSharedInputIsRefusedOnceAndChangesNoneOfTheFive() async throws {
        let live = try await LivePlayground()
        let room = try await live.newRoom()
        _ = try await live.request("GET", room + "/compare")
        let before = try await Self.films(live, room)
        let bodies: [(String, String, Int, String)] = [
            ("application/json", #"{"event":"fly"}"#, 400, "unknown_event"),
            ("application/json", #"{"event":"open","id":"three"}"#, 400, "invalid_argument"),
            ("application/json", #"{"event":"open","id":0}"#, 400, "invalid_argument"),
            ("application/json", #"{"event":"toggleFavourite","id":1.5}"#, 400, "invalid_argument"),
            ("application/json", #"{"event":"search","query":"\#(String(repeating: "a", count: 300))"}"#, 400, "invalid_argument"),
            ("application/json", #"{"event":"search","query":"   "}"#, 400, "invalid_argument"),
            ("application/json", #"{"app":"films-ev","event":"back"}"#, 400, "unexpected_app"),
            ("application/json", #"{"event":"back","extra":1}"#, 400, "unexpected_argument"),
            ("application/json", #"{"query":"alien"}"#, 400, "missing_event"),
            ("text/plain", #"{"event":"back"}"#, 415, "unsupported_content_type"),
        ]
        for (type, body, status, code) in bodies {
            let response = try await live.request("POST", room + "/compare/events", headers: ["Content-Type": type], body: body)
            #expect(response.status == status, "\(body): \(response.text)")
            #expect(response.text.contains("\"\(code)\""), "\(body): \(response.text)")
        }
        #expect(try await Self.films(live, room) == before)
    }

    /// Each implementation's `films` object in the room's `/state`.
    static func films(_ live: LivePlayground, _ room: String) async throws -> [String: FilmsState] {
        let state = try await live.state(room)
        guard let object = try JSONSerialization.jsonObject(with: Data(state.utf8)) as? [String: Any] else { return [:] }
        var out: [String: FilmsState] = [:]
        for app in implementations {
            guard let snapshot = object[app] as? [String: Any], let films = snapshot["films"] else { continue }
            out[app] = try JSONDecoder().decode(FilmsState.self, from: JSONSerialization.data(withJSONObject: films))
        }
        return out
    }

    /// The event as the compare endpoint's JSON body: its envelope fields without `app`.
    static func json(_ event: FilmsEvent) -> String {
        let fields = event.envelopeFields.map { field -> String in
            let value: String =
                switch field.value {
                case .string(let text), .formText(let text): String(data: try! JSONEncoder().encode(text), encoding: .utf8)!
                case .integer(let number): String(number)
                case .number(let number): number == number.rounded() ? String(Int(number)) : String(number)
                case .boolean(let flag): String(flag)
                case .null: "null"
                }
            return "\"\(field.name)\":\(value)"
        }
        return "{" + fields.joined(separator: ",") + "}"
    }
}
