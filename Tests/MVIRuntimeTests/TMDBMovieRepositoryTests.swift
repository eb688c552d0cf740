import Foundation
import MovieCatalog
import PlaygroundTesting
import Testing
@testable import MovieSearchMVI

@Suite struct TMDBMovieRepositoryTests {
    static let hostile = #"C++ & Friends #1 100%+ "café"/?=ß 東京"#

    @Test func hostileQueriesArePercentEncodedExactly() throws {
        let repository = TMDBMovieRepository(baseURL: URL(string: "http://127.0.0.1:8080")!)
        #expect(
            try repository.searchURL(query: Self.hostile, page: 2).absoluteString
                == "http://127.0.0.1:8080/3/search/movie?query=C%2B%2B%20%26%20Friends%20%231%20100%25%2B%20%22caf%C3%A9%22"
                + "%2F%3F%3D%C3%9F%20%E6%9D%B1%E4%BA%AC&page=2")
        #expect(
            try repository.searchURL(query: "a+b=c;d", page: 1).absoluteString
                == "http://127.0.0.1:8080/3/search/movie?query=a%2Bb%3Dc%3Bd&page=1")
        #expect(
            try repository.searchURL(query: "safe-._~Az09", page: 1000).absoluteString
                == "http://127.0.0.1:8080/3/search/movie?query=safe-._~Az09&page=1000")
    }

    @Test func baseURLPathIsKeptAndTheAPIKeyIsEncoded() async throws {
        let repository = TMDBMovieRepository(baseURL: URL(string: "https://example.test/tmdb/")!, apiKey: "k&y=1 2")
        #expect(
            try repository.searchURL(query: "matrix", page: 1).absoluteString
                == "https://example.test/tmdb/3/search/movie?query=matrix&page=1&api_key=k%26y%3D1%202")
    }

    @Test func aBaseURLThatIsNotHTTPIsRefused() {
        for base in ["ftp://example.test", "http://example.test/?a=1", "file:///tmp/x"] {
            let repository = TMDBMovieRepository(baseURL: URL(string: base)!)
            #expect(throws: MovieRepositoryError.self) { try repository.searchURL(query: "x", page: 1) }
            #expect((try? repository.searchURL(query: "x", page: 1)) == nil)
        }
    }

    // MARK: - Against a real HTTP server on 127.0.0.1

    @Test func theMatrixComesFirstFromTheShippedCatalog() async throws {
        let server = try await CatalogServer()
        let repository = TMDBMovieRepository(baseURL: server.baseURL())
        let page = try await repository.searchMovies(query: "the matrix", page: 1)
        let catalogTitle = try #require(try await ShippedCatalog.catalog().search("the matrix", page: 1).results.first?.title)
        #expect(catalogTitle == "Matrix, The")
        #expect(page.results.first?.title == "The Matrix")
        #expect(page.results.first?.overview.hasPrefix("1999 · ") == true)
        #expect(page.page == 1)
        #expect(page.totalResults >= page.results.count)
    }

    @Test func theServerReceivesTheHostileQueryExactly() async throws {
        let server = try await CatalogServer()
        let repository = TMDBMovieRepository(baseURL: server.baseURL("/echo"), apiKey: "secret & key")
        let echoed = try await repository.searchMovies(query: Self.hostile, page: 7)
        #expect(echoed.results.map(\.title) == [Self.hostile])
        #expect(echoed.results.map(\.overview) == ["secret & key"])
        #expect(echoed.results.map(\.id) == [7])
    }

    @Test func non2xxAndUndecodableBodiesAreErrors() async throws {
        let server = try await CatalogServer()
        await #expect(
            throws: MovieRepositoryError(.httpStatus(500), "\(server.baseURL("/broken"))/3/search/movie?query=x&page=1 answered HTTP 500")
        ) {
            try await TMDBMovieRepository(baseURL: server.baseURL("/broken")).searchMovies(query: "x", page: 1)
        }
        let garbage = await #expect(throws: MovieRepositoryError.self) {
            try await TMDBMovieRepository(baseURL: server.baseURL("/garbage")).searchMovies(query: "x", page: 1)
        }
        #expect(garbage?.kind == .undecodableBody)
        let missing = await #expect(throws: MovieRepositoryError.self) {
            try await TMDBMovieRepository(baseURL: server.baseURL("/nowhere")).searchMovies(query: "x", page: 1)
        }
        #expect(missing?.kind == .httpStatus(404))
    }

    /// The server never sends the body: without the deadline the request would wait until the time limit fails it.
    @Test(.timeLimit(.minutes(1))) func aSlowServerTimesOut() async throws {
        let server = try await CatalogServer()
        let repository = TMDBMovieRepository(baseURL: server.baseURL("/slow"), timeout: .milliseconds(300))
        let error = await #expect(throws: MovieRepositoryError.self) { try await repository.searchMovies(query: "x", page: 1) }
        #expect(error?.kind == .transport)
        #expect(error?.message.contains("did not answer within 0.3 seconds") == true, "\(String(describing: error))")
    }

    @Test func aRefusedConnectionIsATransportError() async throws {
        let port = try await CatalogServer().server.port  // the server shuts down when this line ends
        let error = await #expect(throws: MovieRepositoryError.self) {
            try await TMDBMovieRepository(baseURL: URL(string: "http://127.0.0.1:\(port)")!).searchMovies(query: "x", page: 1)
        }
        #expect(error?.kind == .transport)
    }

    @Test func theAppEndsOnTheMatrixOrOnApiErrorOverRealHTTP() async throws {
        let server = try await CatalogServer()
        let room = TestRoom()
        await room.start(repository: TMDBMovieRepository(baseURL: server.baseURL()))
        await room.run { $0.app.search(query: "the matrix") }
        try await room.waitForState("SuccessfullyFetched")
        let first = await room.run { room -> String? in
            guard case .SuccessfullyFetched(let movies) = room.app.viewModel.uiState else { return nil }
            return movies.first?.title
        }
        #expect(first == "The Matrix")

        let broken = TestRoom()
        await broken.start(repository: TMDBMovieRepository(baseURL: server.baseURL("/broken")))
        await broken.run { $0.app.search(query: "the matrix") }
        try await broken.waitForState("ApiError")
        #expect(await broken.run { $0.app.viewModel.uiState } == .ApiError("Results couldnot be fetched"))
    }
}
