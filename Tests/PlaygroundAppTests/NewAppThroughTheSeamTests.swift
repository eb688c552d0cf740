import AppSeam
import PlaygroundTesting
import PlaygroundUI
import RoomServices
import StandardApps
import Testing

@testable import PlaygroundApp

/// A throw-away app added through the seam alone (a `HostedApp`, an input enum, one registry line) is hosted,
/// driven and streamed like the standard ones: proof that a new architecture needs nothing else.
@Suite("A new app through the seam")
struct NewAppThroughTheSeamTests {
    final class TallyApp: ViewHostedApp {
        enum Input: AppInput, Codable {
            case add(amount: Int)
            case reset

            static let examples: [(label: String, input: Input)] = [("Add 3", .add(amount: 3)), ("Reset", .reset)]

            func validate() throws(AppInputError) {
                if case .add(let amount) = self, !(1...100).contains(amount) {
                    throw AppInputError(.invalidArgument, "\"amount\" must be 1 to 100; it is \(amount).")
                }
            }
        }

        enum Stage: FlowStage {
            case input, count
            var name: String { self == .input ? "Input" : "Count" }
            var detail: String { self == .input ? "a POST" : "the sum" }
        }

        struct Snapshot: Encodable { let count: Int }

        struct TallyView: View {
            let count: Int
            var body: some View {
                Text("Tally: \(count)").id("tally-count")
            }
        }

        static let about = AppAbout(
            id: "tally", title: "Tally · a throw-away app", summary: "Counts what it is sent.", sampleFolder: "Tally", articleFiles: [])
        let teaching = Teaching<Stage>(appID: "tally")
        private var count = 0
        private(set) var host: ViewHost<TallyView>

        init(services: AppServices) {
            host = ViewHost(TallyView(count: 0))
        }

        func handle(_ input: Input, from source: EventSource) throws(AppError) {
            Stages.record(Stage.input, "handle(\(input))")
            switch input {
            case .add(let amount): count += amount
            case .reset:
                guard count > 0 else { throw AppError(.conflict, code: "nothing_to_reset", message: "The tally is already 0.") }
                count = 0
            }
            Stages.record(Stage.count, "count = \(count)")
            teaching.trace.record(source: source, event: "\(input)", became: ["count = \(count)"])
            teaching.flow.describe("now \(count)")
            host = ViewHost(TallyView(count: count))
        }

        var snapshot: Snapshot { Snapshot(count: count) }
    }

    @Test func aNewAppIsHostedDrivenAndStreamedWithNothingButItsRegistryLine() async throws {
        let live = try await LivePlayground {
            $0.apps = AppRegistry(StandardApps.registry().apps + [.app(TallyApp.self)])
        }
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        let tab = try await live.subscribe(room)
        #expect(await tab.waitFor("Tally: 0"))

        let accepted = try await live.post(room, #"{"app":"tally","event":"add","amount":3}"#)
        #expect(accepted.status == 202)
        #expect(await tab.waitFor("Tally: 3"), "the patch reaches the stream")
        #expect(try await live.state(room).contains(#""tally":{"count":3}"#))

        let refused = try await live.post(room, #"{"app":"tally","event":"add","amount":0}"#)
        #expect(refused.status == 400 && refused.text.contains("1 to 100"))
        let unknown = try await live.post(room, #"{"app":"tally","event":"double"}"#)
        #expect(unknown.status == 400 && unknown.text.contains("accepted: add, reset"))
        let form = try await live.request(
            "POST", room + "/events", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "app=tally&event=reset")
        #expect(form.status == 202)
        let conflict = try await live.post(room, #"{"app":"tally","event":"reset"}"#)
        #expect(conflict.status == 409 && conflict.text.contains("nothing_to_reset"))
        let apps = try await live.post(room, #"{"app":"nope","event":"x"}"#)
        let ids = (StandardApps.registry().ids + ["tally"]).joined(separator: ", ")
        #expect(apps.text.contains("accepted: \(ids)"))

        let page = try await live.request("GET", room, headers: ["Accept": "text/html"])
        #expect(page.text.contains(#"<section class="pane" id="tally""#))
        #expect(page.text.contains(#"{&quot;app&quot;:&quot;tally&quot;,&quot;event&quot;:&quot;add&quot;,&quot;amount&quot;:3}"#), "curl twins come from the input type")
        let alone = try await live.request("GET", room + "/apps/tally", headers: ["Accept": "text/html"])
        #expect(alone.status == 200 && alone.text.contains("Tally: 0") && !alone.text.contains(#"id="ev-view""#))
        let nowhere = try await live.request("GET", room + "/apps/<zz>")
        #expect(nowhere.status == 404 && nowhere.text.contains("apps: \(ids)") && !nowhere.text.contains("<zz>"))
    }

    /// An app that writes no checkpoint of its own folds with its room (its default checkpoint is the inputs that
    /// rebuild it): the room goes on past its journal's bound instead of refusing events with 409 `journal_full`.
    @Test func aRoomWithAnAppWithoutItsOwnCheckpointFolds() async throws {
        let live = try await LivePlayground {
            $0.apps = AppRegistry([.app(TallyApp.self)])
            $0.journalSteps = 10
        }
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        var accepted = 0
        for _ in 0..<30 {
            var response = try await live.post(room, #"{"app":"tally","event":"add","amount":2}"#)
            while response.status == 503 && response.text.contains("journal_folding") {
                try await Task.sleep(for: .milliseconds(20))
                response = try await live.post(room, #"{"app":"tally","event":"add","amount":2}"#)
            }
            #expect(response.status == 202, "\(response.status) \(response.text)")
            if response.status == 202 { accepted += 1 }
        }
        #expect(accepted == 30)
        #expect(try await live.state(room).contains(#""tally":{"count":60}"#))
        let history = try await live.request("GET", room + "/history")
        #expect(history.status == 200 && history.text.contains(#""steps":30,"base":27,"#), "the history starts from a snapshot: \(history.text.prefix(120))")
    }
}
