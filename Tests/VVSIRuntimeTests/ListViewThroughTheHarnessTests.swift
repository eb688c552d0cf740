import AppSeam
import ListViewVVSI
import PlaygroundTesting
import PlaygroundUI
import RoomServices
import Testing

/// The VVSI sample hosted as a room hosts it: press what the page shows, wait until the interactor is idle, then
/// expect the exact snapshot and trace; Random's count, length and strings are the room seed's.
@Suite("VVSI through the harness")
struct ListViewThroughTheHarnessTests {
    @Test func addsUpToFiveThenTheInteractorAnswersWithAnAlert() async throws {
        let harness = AppHarness<ListViewPlayground>(seed: 7)
        for _ in 0..<6 { try await harness.press("Add") }
        #expect(await harness.waitUntil { $0.snapshotJSON.contains(#""alert":"Max items count is 5""#) })
        #expect(await harness.waitUntil { !$0.snapshotJSON.contains(#""actionRunning":true"#) })
        let five = Array(repeating: #""New item""#, count: 5).joined(separator: ",")
        #expect(
            await harness.snapshotJSON
                == #"{"actionRunning":false,"alert":"Max items count is 5","items":[\#(five)],"overCap":0,"pendingActions":0,"pitfall":{"name":"unserialised-actions","on":false}}"#)
        let trace = await harness.trace
        #expect(trace.map(\.event) == Array(repeating: "add", count: 6))
        #expect(trace.allSatisfy { $0.source == .browser })
        #expect(trace.first?.became.contains("notification error(\"Max items count is 5\")") == true, "\(trace.first?.became ?? [])")
        #expect(await harness.changes >= 6, "five updates and one notification arrived outside the presses")
        try await harness.send(.app(.dismissAlert))
        #expect(await harness.snapshotJSON.contains(#""alert":null"#))
        await #expect(throws: AppError.self) { try await harness.send(.app(.dismissAlert)) }
    }

    /// The button's closure draws count and length from the room's source, the interactor's task the strings from
    /// the app's second stream (so a task's draws never interleave with a press's): the same seed gives the same list,
    /// which the test works out from `RandomSource`s with that seed.
    @Test func randomIsTheRoomSeedsDraw() async throws {
        let harness = AppHarness<ListViewPlayground>(seed: 11)
        try await harness.press("Random")
        #expect(await harness.waitUntil { !$0.snapshotJSON.contains(#""items":[]"#) && !$0.snapshotJSON.contains(#""actionRunning":true"#) })
        let replay = RandomSource(seed: 11)
        let (count, length) = (replay.int(in: 1..<10), replay.int(in: 1..<5))
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        let tasks = AppServices(isolation: MainActor.shared, randomSeed: 11, changed: {}, ownBaseURL: "", values: AppServiceValues())
            .makeRandomSource(stream: 1)
        let items = (0..<count).map { _ in "\"" + tasks.string(length: length, from: letters) + "\"" }
        #expect(
            await harness.snapshotJSON
                == #"{"actionRunning":false,"alert":null,"items":[\#(items.joined(separator: ","))],"overCap":0,"pendingActions":0,"pitfall":{"name":"unserialised-actions","on":false}}"#)
        let trace = await harness.trace
        #expect(trace.first?.event == "random(count: \(count), length: \(length))", "\(trace)")
    }
}
