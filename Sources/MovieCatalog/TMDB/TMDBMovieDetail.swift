#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import JSONText

/// One film in TMDB's detail shape (`GET /3/movie/{id}`):
/// `{"id":…,"title":"…","overview":"…","release_date":"1999-01-01","runtime":136,"vote_average":8.5,"vote_count":…,"genres":[{"id":1,"name":"Action"}]}`.
public struct TMDBMovieDetail: Sendable, Hashable, Codable, Identifiable {
    /// A genre as TMDB names it: an id and a name (the catalog's genres are numbered in their order of first use).
    public struct Genre: Sendable, Hashable, Codable {
        public var id: Int
        public var name: String
    }

    public var id: Int
    /// The title as people write it ("The Matrix").
    public var title: String
    /// ``Movie/summary`` (the catalog has no plot texts).
    public var overview: String
    /// `YYYY-01-01` (the catalog knows only the year).
    public var releaseDate: String
    /// Running time in minutes.
    public var runtime: Int
    public var voteAverage: Double
    public var voteCount: Int
    public var genres: [Genre]

    /// The TMDB detail of a catalog film.
    public init(_ movie: Movie) {
        (id, title, overview, releaseDate) = (movie.id, movie.displayTitle, movie.summary, movie.releaseDate)
        (runtime, voteAverage, voteCount) = (movie.length, movie.rating, movie.votes)
        genres = movie.genres.map { Genre(id: Self.genreIDs[$0] ?? 0, name: $0) }
    }

    /// The catalog's genres (`movies.csv` has these seven), numbered as TMDB numbers genres: by a stable id.
    static let genreIDs = ["Action": 28, "Animation": 16, "Comedy": 35, "Documentary": 99, "Drama": 18, "Romance": 10749, "Short": 10]

    enum CodingKeys: String, CodingKey {
        case id, title, overview, runtime, genres
        case releaseDate = "release_date"
        case voteAverage = "vote_average"
        case voteCount = "vote_count"
    }

    /// The detail as compact JSON text, keys in TMDB's order, escaped for JSON and for embedding in HTML.
    public func jsonText() -> String {
        var json = JSONWriter()
        json.append("{\"id\":\(id),\"title\":")
        json.appendString(title)
        json.append(",\"overview\":")
        json.appendString(overview)
        json.append(",\"release_date\":")
        json.appendString(releaseDate)
        json.append(",\"runtime\":\(runtime),\"vote_average\":")
        json.append(voteAverage.isFinite ? "\(voteAverage)" : "0")
        json.append(",\"vote_count\":\(voteCount),\"genres\":[")
        for (position, genre) in genres.enumerated() {
            if position > 0 { json.append(",") }
            json.append("{\"id\":\(genre.id),\"name\":")
            json.appendString(genre.name)
            json.append("}")
        }
        json.append("]}")
        return json.text
    }

    /// Decodes a body of this shape, as TMDB or the playground sends it.
    public static func decode(from body: Data) throws -> TMDBMovieDetail {
        try JSONDecoder().decode(TMDBMovieDetail.self, from: body)
    }
}

extension MovieCatalog {
    /// The film with `id`, if there is one: at its position in the file plus one, else found by a binary search
    /// (films given directly are kept in their order, ids ascending).
    public func movie(id: Int) -> Movie? {
        if movies.indices.contains(id - 1), movies[id - 1].id == id { return movies[id - 1] }
        var (low, high) = (0, movies.count)
        while low < high {
            let middle = (low + high) / 2
            if movies[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low < movies.count && movies[low].id == id ? movies[low] : nil
    }
}
