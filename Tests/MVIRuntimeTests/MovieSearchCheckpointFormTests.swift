import AppSeam
import MVIRuntime
import PlaygroundTesting
import Testing
@testable import MovieSearchMVI

/// The movie search's checkpoint keeps the form it had before its lane, faults and pitfall moved into the runtime's
/// part (`MVIControls`): one flat object. Rooms journaled before still restore, and write it back unchanged.
@Suite struct MovieSearchCheckpointFormTests {
    /// Written by the glue before the move (keys sorted, as `Checkpoint.write` sorts them).
    static let journaled =
        #"{"faults":{"failureRate":0.25,"latencyMs":300},"field":"alien","generation":3,"inFlight":false,"lastIntent":"loadMovies(query: \"alien\", page: 2)","message":"Results couldnot be fetched","page":2,"pitfalls":["stale-answer-wins"],"query":"alien","staleAnswersShown":1,"state":"ApiError","totalPages":0,"totalResults":0}"#

    @Test func aCheckpointJournaledBeforeTheMoveRestoresAndIsWrittenBackTheSame() async throws {
        let harness = AppHarness<MovieSearchPlayground>(replaying: true)
        try await harness.restore(Self.journaled)
        let snapshot = await harness.run { $0.app.snapshot }
        #expect(
            snapshot
                == MovieSearchSnapshot(
                    query: "alien", page: 2, state: "ApiError", message: "Results couldnot be fetched", resultCount: 0, totalResults: 0,
                    totalPages: 0, latencyMs: 300, failureRate: 0.25, generation: 3, inFlight: false,
                    pitfall: PitfallState(name: "stale-answer-wins", on: true), staleAnswersShown: 1))
        #expect(await harness.run { $0.app.viewModel.intents.appliesEveryAnswer })
        #expect(await harness.checkpoint() == Self.journaled)
    }

    /// Before the pitfall switch existed the checkpoint had no `pitfalls` and no `staleAnswersShown`: off and 0.
    @Test func aCheckpointFromBeforeThePitfallSwitchRestoresWithItOff() async throws {
        let older = Self.journaled.replacingOccurrences(of: #""pitfalls":["stale-answer-wins"],"#, with: "")
            .replacingOccurrences(of: #""staleAnswersShown":1,"#, with: "")
        let harness = AppHarness<MovieSearchPlayground>(replaying: true)
        try await harness.restore(older)
        #expect(await harness.run { ($0.app.snapshot.pitfall.on, $0.app.snapshot.staleAnswersShown, $0.app.snapshot.generation) } == (false, 0, 3))
        #expect(await harness.checkpoint() == older.replacingOccurrences(of: #""query""#, with: #""pitfalls":[],"query""#)
            .replacingOccurrences(of: #""state""#, with: #""staleAnswersShown":0,"state""#))
    }

    /// The runtime's part is checked as the glue checked it: a waiting request outside `Loading`, or a generation past
    /// 2^48, is a state the app never shows.
    @Test func aRuntimePartTheAppNeverWritesIsRefused() async throws {
        let waiting = Self.journaled.replacingOccurrences(of: #""inFlight":false"#, with: #""inFlight":true"#)
        let huge = Self.journaled.replacingOccurrences(of: #""generation":3"#, with: #""generation":281474976710656"#)
        let missing = Self.journaled.replacingOccurrences(of: #""generation":3,"#, with: "")
        for text in [waiting, huge, missing] {
            let harness = AppHarness<MovieSearchPlayground>(replaying: true)
            await #expect(throws: CheckpointError.self) { try await harness.restore(text) }
        }
    }
}
