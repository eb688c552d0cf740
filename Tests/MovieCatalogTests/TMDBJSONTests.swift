import MovieCatalog
import PlaygroundTesting
import Testing

@Suite("TMDB JSON")
struct TMDBJSONTests {
    static let hostile = Movie(
        id: 7, title: "Say \"Hi\" \\ <b>&</b> $5 é\u{1}\t\n\u{7F}\u{2028}", year: 1999, length: 136, budget: nil,
        rating: 8.5, votes: 143_853, mpaa: "R", genres: ["Action", "Drama"])

    @Test func encodesHostileTitleExactly() {
        let page = SearchPage(page: 1, results: [Self.hostile], totalPages: 1, totalResults: 1)
        let expected =
            #"{"page":1,"results":[{"id":7,"title":"Say \"Hi\" \\ \u003cb\u003e\u0026\u003c/b\u003e $5 é\u0001\t\n\u007f\u2028","#
            + #""overview":"1999 · 136 min · R · Action, Drama","poster_path":null,"release_date":"1999-01-01","#
            + #""vote_average":8.5,"vote_count":143853}],"total_pages":1,"total_results":1}"#
        #expect(TMDBSearchResponse(page).jsonText() == expected)
    }

    @Test func roundTripsThroughTheDecoder() throws {
        let page = SearchPage(page: 2, results: [Self.hostile], totalPages: 3, totalResults: 41)
        let response = TMDBSearchResponse(page)
        let decoded = try TMDBSearchResponse.decode(from: Array(response.jsonText().utf8))
        #expect(decoded == response)
        #expect(decoded.results.first?.title == Self.hostile.title)
        #expect(decoded.results.first?.posterPath == nil)
    }

    @Test func encodesARealPage() async throws {
        let page = try await ShippedCatalog.catalog().search("the matrix", page: 1, pageSize: 1)
        let expected =
            #"{"page":1,"results":[{"id":32710,"title":"The Matrix","overview":"1999 · 136 min · R · Action","#
            + #""poster_path":null,"release_date":"1999-01-01","vote_average":8.5,"vote_count":143853}],"#
            + #""total_pages":\#(page.totalPages),"total_results":\#(page.totalResults)}"#
        #expect(TMDBSearchResponse(page).jsonText() == expected)
        #expect(try TMDBSearchResponse.decode(from: Array(expected.utf8)) == TMDBSearchResponse(page))
    }

    @Test func emptyPageAndSummaryWithoutOptionalFields() {
        #expect(
            TMDBSearchResponse(SearchPage(page: 1, results: [], totalPages: 0, totalResults: 0)).jsonText()
                == #"{"page":1,"results":[],"total_pages":0,"total_results":0}"#)
        let plain = Movie(
            id: 1, title: "$", year: 1971, length: 121, budget: nil, rating: 6.4, votes: 348, mpaa: nil,
            genres: [])
        #expect(plain.summary == "1971 · 121 min")
        #expect(TMDBMovie(plain).voteAverage == 6.4)
    }

    @Test func decodesTMDBsOwnShape() throws {
        let body =
            #"{"page":1,"results":[{"adult":false,"id":603,"title":"The Matrix","overview":"Set in the 22nd century.","#
            + #""poster_path":"/f89U3ADr1oiB1s9GkdPOEpXUk5H.jpg","release_date":"1999-03-30","vote_average":8.2,"#
            + #""vote_count":24000,"genre_ids":[28,878]}],"total_pages":1,"total_results":1}"#
        let decoded = try TMDBSearchResponse.decode(from: Array(body.utf8))
        #expect(decoded.results.first?.posterPath == "/f89U3ADr1oiB1s9GkdPOEpXUk5H.jpg")
        #expect(decoded.results.first?.releaseDate == "1999-03-30")
    }
}
