/// One page of search results and the totals over all pages.
public struct SearchPage: Sendable, Hashable {
    /// The 1-based page number that was asked for.
    public let page: Int
    /// The films on this page, best match first; empty when `page` is past the last page.
    public let results: [Movie]
    /// Number of pages of the page size that was asked for; 0 when nothing matches.
    public let totalPages: Int
    /// Number of films that match the query over all pages.
    public let totalResults: Int

    /// Creates a page.
    public init(page: Int, results: [Movie], totalPages: Int, totalResults: Int) {
        self.page = page
        self.results = results
        self.totalPages = totalPages
        self.totalResults = totalResults
    }
}
