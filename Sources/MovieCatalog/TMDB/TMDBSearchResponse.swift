/// The body of TMDB's `GET /3/search/movie` answer, the shape the MVI repository fetches and decodes:
/// `{"page":1,"results":[…],"total_pages":…,"total_results":…}`.
///
/// ```swift
/// let body = TMDBSearchResponse(catalog.search("the matrix", page: 1)).jsonText()
/// let decoded = try TMDBSearchResponse.decode(from: Array(body.utf8))
/// ```
public struct TMDBSearchResponse: Sendable, Hashable, Codable {
    /// The 1-based page number.
    public var page: Int
    /// The films on the page.
    public var results: [TMDBMovie]
    /// Number of pages.
    public var totalPages: Int
    /// Number of matching films over all pages.
    public var totalResults: Int

    /// Creates a response from its fields.
    public init(page: Int, results: [TMDBMovie], totalPages: Int, totalResults: Int) {
        self.page = page
        self.results = results
        self.totalPages = totalPages
        self.totalResults = totalResults
    }

    /// The TMDB form of a page of catalog search results.
    public init(_ searchPage: SearchPage) {
        self.init(
            page: searchPage.page, results: searchPage.results.map(TMDBMovie.init), totalPages: searchPage.totalPages,
            totalResults: searchPage.totalResults)
    }

    enum CodingKeys: String, CodingKey {
        case page, results
        case totalPages = "total_pages"
        case totalResults = "total_results"
    }
}
