import MovieCatalog

/// Where the view model gets its movies: the seed's `MovieRepository`, async and with a page.
///
/// Implementations are `Sendable` because the view model runs them off the room's executor.
///
/// ```swift
/// let repository: any MovieRepository = TMDBMovieRepository(baseURL: URL(string: "http://127.0.0.1:8080")!)
/// let response = try await repository.searchMovies(query: "the matrix", page: 1)
/// print(response.results.first?.title ?? "-")   // The Matrix
/// ```
public protocol MovieRepository: Sendable {
    /// One page (1-based) of the films whose titles match `query`; throws when the movies cannot be fetched.
    func searchMovies(query: String, page: Int) async throws -> TMDBSearchResponse
}
