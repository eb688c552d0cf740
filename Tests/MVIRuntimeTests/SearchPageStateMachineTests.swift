import MVIRuntime
import MovieCatalog
import Testing
@testable import MovieSearchMVI

@Suite struct SearchPageStateMachineTests {
    @Test func successGoesInitLoadingSuccessfullyFetched() async throws {
        let matrix = [movie(1, "The Matrix"), movie(2, "The Matrix Reloaded")]
        let repository = StubRepository(.success(response(matrix, totalPages: 3, totalResults: 42)))
        let room = TestRoom()
        await room.start(repository: repository)
        let loading = await room.run { room in
            #expect(room.app.viewModel.uiState == .Init)
            room.app.search(query: "the matrix")
            return room.app.viewModel.uiState
        }
        #expect(loading == .Loading("Querying for the matrix"))
        try await room.waitForState("SuccessfullyFetched")
        let (state, snapshot, trace, changes) = await room.run { room in
            (room.app.viewModel.uiState, room.app.snapshot, room.trace, room.changes)
        }
        #expect(state == .SuccessfullyFetched(matrix))
        #expect(
            snapshot
                == MovieSearchSnapshot(
                    query: "the matrix", page: 1, state: "SuccessfullyFetched", message: nil, resultCount: 2, totalResults: 42,
                    totalPages: 3, latencyMs: 0, failureRate: 0, generation: 1, inFlight: false))
        #expect(
            trace == [
                #"intent #1 loadMovies(query: "the matrix", page: 1)"#,
                "#1 Init → Loading",
                "#1 result (success)",
                "#1 Loading → SuccessfullyFetched",
            ])
        #expect(changes == [true])  // one re-render request, made on the room's executor
        #expect(repository.calls == [StubRepository.Call(query: "the matrix", page: 1, onRoomExecutor: false)])
    }

    @Test func emptyResultsGoToNoResultsFound() async throws {
        let room = TestRoom()
        await room.start(repository: StubRepository(.success(response([], totalPages: 0))))
        await room.run { $0.app.search(query: "zzzz") }
        try await room.waitForState("NoResultsFound")
        let (state, trace) = await room.run { ($0.app.viewModel.uiState, $0.trace) }
        #expect(state == .NoResultsFound)
        #expect(trace.suffix(2) == ["#1 result (success)", "#1 Loading → NoResultsFound"])
    }

    @Test func anyErrorGoesToApiErrorWithTheSeedsMessage() async throws {
        let room = TestRoom()
        await room.start(repository: StubRepository(.failure(FakeFailure())))
        await room.run { $0.app.search(query: "alien") }
        try await room.waitForState("ApiError")
        let (state, snapshot, trace) = await room.run { ($0.app.viewModel.uiState, $0.app.snapshot, $0.trace) }
        #expect(state == .ApiError("Results couldnot be fetched"))
        #expect(snapshot.message == "Results couldnot be fetched")
        #expect(trace.suffix(2) == ["#1 result (failure)", "#1 Loading → ApiError"])
    }

    @Test func theFirstQueryAnsweringLastCannotOverwriteTheSecond() async throws {
        let repository = ControlledRepository()
        let room = TestRoom()
        await room.start(repository: repository)
        await room.run { $0.app.search(query: "matrix") }
        try await repository.waitForRequest("matrix")
        await room.run { $0.app.search(query: "alien") }
        try await repository.waitForRequest("alien")
        #expect(repository.cancelledQueries == ["matrix"])  // the newer intent cancelled the older request

        let aliens = [movie(7, "Alien"), movie(8, "Aliens")]
        repository.answer("alien", with: .success(response(aliens)))
        try await room.waitForState("SuccessfullyFetched")
        // The slow server answers the old query anyway, after the new one.
        repository.answer("matrix", with: .success(response([movie(1, "The Matrix")])))
        try await room.waitUntil("the stale result to be dropped") { $0.events.count >= 7 }

        let (state, query, trace, changes) = await room.run { room in
            (room.app.viewModel.uiState, room.app.viewModel.query, room.trace, room.changes.count)
        }
        #expect(state == .SuccessfullyFetched(aliens))
        #expect(query == "alien")
        #expect(
            trace == [
                #"intent #1 loadMovies(query: "matrix", page: 1)"#,
                "#1 Init → Loading",
                #"intent #2 loadMovies(query: "alien", page: 1)"#,
                "#2 Loading → Loading",
                "#2 result (success)",
                "#2 Loading → SuccessfullyFetched",
                "#1 result dropped (superseded by #2)",
            ])
        #expect(changes == 1)
    }

    @Test func pageLoadsAnotherPageOfTheSameQuery() async throws {
        let repository = StubRepository(.success(response([movie(3, "Star Wars")], page: 2, totalPages: 5, totalResults: 90)))
        let room = TestRoom()
        await room.start(repository: repository)
        let before = await room.run { $0.app.page(2) }
        #expect(before == false)  // nothing searched yet: nothing to page through
        await room.run { $0.app.handle(.search(query: "star wars", page: 1)) }
        try await room.waitForState("SuccessfullyFetched")
        let paged = await room.run { $0.app.page(2) }
        #expect(paged)
        try await room.waitUntil("page 2") { $0.app.intents.generation == 2 && !$0.app.intents.isInFlight }
        #expect(repository.calls.map { "\($0.query)#\($0.page)" } == ["star wars#1", "star wars#2"])
        let snapshot = await room.run { $0.app.snapshot }
        #expect((snapshot.query, snapshot.page, snapshot.totalPages, snapshot.totalResults) == ("star wars", 2, 5, 90))
    }

    @Test func stateNamesAreTheArticlesCaseNames() {
        let names = [
            SearchPageState.Init, .Loading("x"), .SuccessfullyFetched([]), .NoResultsFound, .ApiError("y"),
        ].map(\.caseName)
        #expect(names == ["Init", "Loading", "SuccessfullyFetched", "NoResultsFound", "ApiError"])
    }
}
