/// The film catalog and its title search index: loaded and indexed once, immutable afterwards, safe to share
/// between threads.
///
/// ```swift
/// let catalog = try MovieCatalog(csvPath: "Data/movies.csv")
/// let page = catalog.search("the matrix", page: 1)
/// print(page.results.first?.title ?? "-")  // Matrix, The
/// print(page.totalResults, page.totalPages)
/// ```
public final class MovieCatalog: Sendable {
    /// Every film, in file order; a film's ``Movie/id`` is its position here plus one.
    public let movies: [Movie]
    /// The title index.
    let index: SearchIndex

    /// Loads and indexes a CSV file with the columns of `movies.csv`.
    ///
    /// - Throws: ``CatalogLoadError`` naming the line and column of the first problem, or the unreadable file.
    public convenience init(csvPath: String) throws(CatalogLoadError) {
        try self.init(csv: FileBytes.read(csvPath))
    }

    /// Loads and indexes UTF-8 CSV text (RFC 4180, a header row naming at least the columns
    /// title, year, length, budget, rating, votes, mpaa, genres).
    ///
    /// - Throws: ``CatalogLoadError`` naming the line and column of the first problem.
    public convenience init(csv bytes: some Collection<UInt8>) throws(CatalogLoadError) {
        let parse = { (buffer: UnsafeBufferPointer<UInt8>) in
            Result { () throws(CatalogLoadError) in try MovieRowParser.parse(buffer) }
        }
        let parsed = bytes.withContiguousStorageIfAvailable(parse) ?? Array(bytes).withUnsafeBufferPointer(parse)
        let movies = try parsed.get()
        self.init(movies: movies)
    }

    /// Indexes films given directly; their ``Movie/id``s are kept as they are.
    public init(movies: [Movie]) {
        self.movies = movies
        self.index = SearchIndex(movies: movies)
    }

    /// The films whose titles match `query`, best match first, one page of `pageSize` at a time.
    ///
    /// Matching folds case and diacritics ("amelie" finds "Amélie") and splits on anything but letters and
    /// digits. Every query word must be a whole word of the title, except the last, which only has to begin
    /// one ("star wa" finds "Star Wars"). A title's trailing article counts as its first word, so "the matrix"
    /// matches "Matrix, The" exactly. Ranking: exact full title, then all words whole, then last word as prefix;
    /// within each, fewer title words, then more votes, then catalog order.
    ///
    /// This does not validate: a query without letters or digits has no results, and a `page` below 1 or past
    /// the last page gives an empty `results` with the true totals. Use ``SearchRequest`` to validate input
    /// from people first.
    ///
    /// ```swift
    /// let second = catalog.search("star wars", page: 2, pageSize: 10)
    /// ```
    public func search(_ query: String, page: Int, pageSize: Int = 20) -> SearchPage {
        let size = max(1, pageSize)
        let words = FoldedWords(query)
        let (offset, overflow) = (max(page, 1) - 1).multipliedReportingOverflow(by: size)
        let found = index.search(words, offset: page >= 1 && !overflow ? offset : Int.max, limit: size)
        let totalPages = (found.total + size - 1) / size
        return SearchPage(
            page: page, results: found.movies.map { movies[$0] }, totalPages: totalPages, totalResults: found.total)
    }

    /// Searches for a validated request.
    public func search(_ request: SearchRequest, pageSize: Int = 20) -> SearchPage {
        search(request.query, page: request.page, pageSize: pageSize)
    }
}
