/// One film of the catalog, as a row of `movies.csv` describes it.
///
/// ```swift
/// let matrix = catalog.search("the matrix", page: 1).results[0]
/// print(matrix.title, matrix.displayTitle, matrix.year)  // "Matrix, The" "The Matrix" 1999
/// ```
public struct Movie: Sendable, Hashable, Identifiable {
    /// Stable identifier: the 1-based number of the film's data row in the CSV (the header is not counted).
    public let id: Int
    /// The title as stored, with a leading article moved to the end ("Matrix, The").
    public let title: String
    /// Year of release.
    public let year: Int
    /// Running time in minutes.
    public let length: Int
    /// Budget in US dollars, `nil` when unknown.
    public let budget: Int?
    /// Average IMDB user rating, 1–10.
    public let rating: Double
    /// Number of IMDB users who rated the film.
    public let votes: Int
    /// MPAA rating ("R", "PG-13" …), `nil` when the film has none.
    public let mpaa: String?
    /// Genres in the data's order (Action, Animation, Comedy, Drama, Documentary, Romance, Short); may be empty.
    public let genres: [String]

    /// Creates a film from its fields.
    public init(
        id: Int, title: String, year: Int, length: Int, budget: Int?, rating: Double, votes: Int,
        mpaa: String?, genres: [String]
    ) {
        self.id = id
        self.title = title
        self.year = year
        self.length = length
        self.budget = budget
        self.rating = rating
        self.votes = votes
        self.mpaa = mpaa
        self.genres = genres
    }
}
