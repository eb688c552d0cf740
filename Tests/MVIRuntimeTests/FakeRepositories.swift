import MovieCatalog
import MovieSearchMVI
import PlaygroundTesting
import Synchronization

/// Test data: a TMDB movie with only the fields a test cares about.
func movie(_ id: Int, _ title: String, overview: String = "1999 · 136 min · R · Action", rating: Double = 8.5, votes: Int = 1_234)
    -> TMDBMovie
{
    TMDBMovie(id: id, title: title, overview: overview, posterPath: nil, releaseDate: "1999-01-01", voteAverage: rating, voteCount: votes)
}

/// A response of one page holding `movies`.
func response(_ movies: [TMDBMovie], page: Int = 1, totalPages: Int = 1, totalResults: Int? = nil) -> TMDBSearchResponse {
    TMDBSearchResponse(page: page, results: movies, totalPages: totalPages, totalResults: totalResults ?? movies.count)
}

struct FakeFailure: Error, Equatable {}

/// Answers at once with a fixed result; records each call and whether it ran on a room's executor.
final class StubRepository: MovieRepository {
    struct Call: Equatable, Sendable {
        let query: String
        let page: Int
        let onRoomExecutor: Bool
    }

    private let result: Result<TMDBSearchResponse, FakeFailure>
    private let recorded = Mutex<[Call]>([])

    init(_ result: Result<TMDBSearchResponse, FakeFailure>) { self.result = result }

    var calls: [Call] { recorded.withLock { $0 } }

    func searchMovies(query: String, page: Int) async throws -> TMDBSearchResponse {
        recorded.withLock { $0.append(Call(query: query, page: page, onRoomExecutor: TestRoomExecutor.isOnRoomQueue)) }
        return try result.get()
    }
}

/// A server whose answers the test releases one by one, in any order. Like a slow real server it ignores
/// cancellation: a cancelled request still answers when released (the view model must drop that answer).
final class ControlledRepository: MovieRepository {
    private struct State {
        var waiting: [String: CheckedContinuation<TMDBSearchResponse, any Error>] = [:]
        var cancelled: [String] = []
    }

    private let state = Mutex(State())

    /// The queries whose calling task was cancelled, in order.
    var cancelledQueries: [String] { state.withLock { $0.cancelled } }

    func searchMovies(query: String, page: Int) async throws -> TMDBSearchResponse {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                state.withLock { $0.waiting[query] = continuation }
            }
        } onCancel: {
            state.withLock { $0.cancelled.append(query) }
        }
    }

    /// Waits until a request for `query` is waiting for its answer.
    func waitForRequest(_ query: String) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while state.withLock({ $0.waiting[query] == nil }) {
            guard ContinuousClock.now < deadline else { throw TestRoom.Timeout(what: "a request for \(query)") }
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    /// Answers the request for `query`.
    func answer(_ query: String, with result: Result<TMDBSearchResponse, FakeFailure>) {
        let continuation = state.withLock { $0.waiting.removeValue(forKey: query) }
        continuation?.resume(with: result.mapError { $0 as any Error })
    }
}
