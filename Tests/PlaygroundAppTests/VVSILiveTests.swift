import PlaygroundTesting
import Testing

@testable import PlaygroundApp

/// The VVSI ListView over real HTTP and SSE.
@Suite("VVSI over HTTP")
struct VVSILiveTests {
    static let add = #"{"app":"vvsi","event":"add"}"#

    @Test func sixAddsGiveFiveItemsAndOneAlert() async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        let stream = try await live.subscribe(room)
        for _ in 1...6 {
            #expect(try await live.post(room, Self.add).status == 202)
        }
        #expect(await stream.waitFor("Max items count is 5"))
        let state = try await waitForIdle(live, room)
        #expect(state.contains(#""items":["New item","New item","New item","New item","New item"]"#))
        #expect(state.contains(#""alert":"Max items count is 5""#))
        let alerts = stream.streamBody.components(separatedBy: #"role="alertdialog""#).count - 1
        #expect(alerts >= 1)
        let dismissed = try await live.post(room, #"{"app":"vvsi","event":"dismissAlert"}"#)
        #expect(dismissed.status == 202)
        let after = try await live.state(room)
        #expect(after.contains(#""alert":null"#))
        let again = try await live.post(room, #"{"app":"vvsi","event":"dismissAlert"}"#)
        #expect(again.status == 409)
    }

    @Test func twoHundredConcurrentAddsGiveExactlyFiveItems() async throws {
        let live = try await LivePlayground()
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<200 { group.addTask { try await live.post(room, Self.add).status } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses.allSatisfy { $0 == 202 }, "\(Dictionary(grouping: statuses, by: { $0 }).mapValues(\.count))")
        let state = try await waitForIdle(live, room)
        #expect(state.contains(#""items":["New item","New item","New item","New item","New item"]"#), "\(state)")
    }

    @Test func removeOnEmptyAndRandomArguments() async throws {
        // The apps whose state changes only on events: a refused event must leave it exactly as it was.
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven)
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        #expect(try await live.post(room, #"{"app":"vvsi","event":"remove"}"#).status == 202)
        #expect(try await waitForIdle(live, room).contains(#""items":[]"#))
        let random = try await live.post(room, #"{"app":"vvsi","event":"random","count":3,"length":4}"#)
        #expect(random.status == 202)
        let state = try await waitForIdle(live, room)
        let items = try #require(state.firstMatch(of: /"items":\[("[A-Za-z0-9]{4}",){2}"[A-Za-z0-9]{4}"\]/))
        #expect(!items.output.0.isEmpty)
        for bad in [
            #"{"app":"vvsi","event":"random","count":0,"length":4}"#, #"{"app":"vvsi","event":"random","count":10,"length":4}"#,
            #"{"app":"vvsi","event":"random","count":3,"length":5}"#, #"{"app":"vvsi","event":"random","count":3}"#,
            #"{"app":"vvsi","event":"random","count":"3","length":2}"#, #"{"app":"vvsi","event":"random","count":2.5,"length":2}"#,
            #"{"app":"vvsi","event":"add","count":1}"#, #"{"app":"vvsi","event":"explode"}"#,
        ] {
            let response = try await live.post(room, bad)
            #expect(response.status == 400, "\(bad): \(response.text)")
            #expect(try await live.state(room) == state, "\(bad) changed the state")
        }
        let tooBig = try await live.post(room, #"{"app":"vvsi","event":"random","count":10,"length":4}"#)
        #expect(tooBig.text.contains("1 to 9"), "the message names the accepted range: \(tooBig.text)")
    }

    /// The room's state once no VVSI action runs or waits.
    private func waitForIdle(_ live: LivePlayground, _ room: String) async throws -> String {
        for _ in 0..<500 {
            let state = try await live.state(room)
            if state.contains(#""pendingActions":0,"actionRunning":false"#) { return state }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw TestSocket.Failure(description: "the list never became idle")
    }
}
