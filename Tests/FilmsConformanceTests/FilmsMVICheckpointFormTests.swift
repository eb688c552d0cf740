import AppSeam
import FilmsKit
import FilmsMVI
import PlaygroundTesting
import Testing

/// FilmsMVI's checkpoint keeps the form it had before its two lanes, faults and pitfall moved into the runtime's part
/// (`MVIControls`, the film's lane as `film…` keys): rooms journaled before restore, and write it back unchanged.
@Suite struct FilmsMVICheckpointFormTests {
    /// Written by the glue before the move (keys sorted).
    static let journaled =
        #"{"faults":{"failureRate":1,"latencyMs":0},"filmGeneration":2,"filmStaleAnswersShown":0,"generation":4,"lastFilmIntent":"back()","lastIntent":"search(query: \"heat\")","pitfalls":["stale-answer-wins"],"staleAnswersShown":1,"state":{"favourites":[3,7],"list":{"Init":{}},"query":""}}"#

    @Test func aCheckpointJournaledBeforeTheMoveRestoresAndIsWrittenBackTheSame() async throws {
        let harness = AppHarness<FilmsMVIPlayground>(replaying: true)
        try await harness.restore(Self.journaled)
        let snapshot = await harness.run { $0.app.snapshot }
        #expect(snapshot.films.favourites == [3, 7])
        #expect((snapshot.generation, snapshot.filmGeneration, snapshot.staleAnswersShown, snapshot.pitfall.on) == (4, 2, 1, true))
        #expect(await harness.run { ($0.app.viewModel.intents.appliesEveryAnswer, $0.app.viewModel.filmIntents.appliesEveryAnswer) } == (true, true))
        #expect(await harness.checkpoint() == Self.journaled)
    }

    @Test func aFilmLaneGenerationPastWhatTheAppWritesIsRefused() async throws {
        let huge = Self.journaled.replacingOccurrences(of: #""filmGeneration":2"#, with: #""filmGeneration":281474976710656"#)
        let harness = AppHarness<FilmsMVIPlayground>(replaying: true)
        await #expect(throws: CheckpointError.self) { try await harness.restore(huge) }
    }
}
