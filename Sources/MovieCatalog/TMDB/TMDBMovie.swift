/// One film in TMDB's search result shape:
/// `{"id":…,"title":"…","overview":"…","poster_path":null,"release_date":"1999-01-01","vote_average":8.5,"vote_count":…}`.
public struct TMDBMovie: Sendable, Hashable, Codable, Identifiable {
    /// The film's identifier (the catalog's ``Movie/id``).
    public var id: Int
    /// The title as people write it ("The Matrix"), like TMDB's titles.
    public var title: String
    /// A one-line summary; from the catalog, ``Movie/summary`` (`1999 · 136 min · R · Action`).
    public var overview: String
    /// Path of a poster image; the catalog has none, so `nil`.
    public var posterPath: String?
    /// Release date `YYYY-MM-DD`; the catalog knows only the year, so `YYYY-01-01`.
    public var releaseDate: String
    /// Average user rating, 0–10.
    public var voteAverage: Double
    /// Number of user ratings.
    public var voteCount: Int

    /// Creates a film from its fields.
    public init(
        id: Int, title: String, overview: String, posterPath: String?, releaseDate: String, voteAverage: Double,
        voteCount: Int
    ) {
        self.id = id
        self.title = title
        self.overview = overview
        self.posterPath = posterPath
        self.releaseDate = releaseDate
        self.voteAverage = voteAverage
        self.voteCount = voteCount
    }

    /// The TMDB form of a catalog film.
    public init(_ movie: Movie) {
        self.init(
            id: movie.id, title: movie.displayTitle, overview: movie.summary, posterPath: nil,
            releaseDate: movie.releaseDate, voteAverage: movie.rating, voteCount: movie.votes)
    }

    enum CodingKeys: String, CodingKey {
        case id, title, overview
        case posterPath = "poster_path"
        case releaseDate = "release_date"
        case voteAverage = "vote_average"
        case voteCount = "vote_count"
    }
}
