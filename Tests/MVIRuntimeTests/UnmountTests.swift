import AppSeam
import MVIRuntime
import MovieCatalog
import PlaygroundTesting
import Testing
@testable import MovieSearchMVI

@Suite struct UnmountTests {
    @Test func unmountCancelsTheRequestInFlightAndDropsItsAnswer() async throws {
        let repository = ControlledRepository()
        let room = TestRoom()
        await room.start(repository: repository)
        await room.run { $0.app.search(query: "matrix") }
        try await repository.waitForRequest("matrix")
        #expect(await room.run { $0.app.intents.isInFlight })
        await room.run { $0.app.unmount() }
        #expect(repository.cancelledQueries == ["matrix"])
        repository.answer("matrix", with: .success(response([movie(1, "The Matrix")])))
        try await room.waitUntil("the answer to be dropped") { $0.events.count >= 3 }
        let (state, trace, changes, inFlight) = await room.run {
            ($0.app.viewModel.uiState, $0.trace, $0.changes, $0.app.intents.isInFlight)
        }
        #expect(state == .Loading("Querying for matrix"))
        #expect(trace == [#"intent #1 loadMovies(query: "matrix", page: 1)"#, "#1 Init → Loading", "#1 result dropped (cancelled)"])
        #expect(changes.isEmpty)
        #expect(!inFlight)
    }

    @Test func unmountCancelsTheRealHTTPRequest() async throws {
        let server = try await CatalogServer()
        let room = TestRoom()
        // The server never answers /slow and the request's own timeout is 600 s: only the cancellation can end it
        // within the test's wait (a hang bound, 10× below it).
        await room.start(repository: TMDBMovieRepository(baseURL: server.baseURL("/slow"), timeout: .seconds(600)))
        await room.run { $0.app.search(query: "slow") }
        #expect(await eventually(timeout: .seconds(60)) { server.server.metrics.openStreams == 1 })  // on the wire
        await room.run { $0.app.unmount() }
        try await room.waitUntil("the cancelled request to end", timeout: .seconds(60)) { $0.events.count >= 3 }
        #expect(await room.run { $0.trace.last } == "#1 result dropped (cancelled)")
        #expect(await room.run { $0.app.snapshot.state } == "Loading")
    }

    @Test func unmountStopsAFaultInjectedWait() async throws {
        let room = TestRoom()
        await room.start(repository: StubRepository(.success(response([]))), faults: FaultSettings(latencyMs: 10_000, failureRate: 0))
        await room.run { $0.app.search(query: "wait") }
        await room.run { $0.app.unmount() }
        try await room.waitUntil("the wait to be cancelled", timeout: .seconds(3)) { $0.events.count >= 3 }
        #expect(await room.run { $0.trace.last } == "#1 result dropped (cancelled)")
    }
}
