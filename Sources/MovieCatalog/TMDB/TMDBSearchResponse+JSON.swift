#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import JSONText

extension TMDBSearchResponse {
    /// The response as compact JSON text, keys in TMDB's order.
    ///
    /// Strings are escaped for JSON and for embedding in HTML: `"` and `\` with a backslash, control characters,
    /// `<`, `>`, `&`, U+2028 and U+2029 as `\uXXXX`; other Unicode is written as UTF-8. A rating that is not
    /// finite is written as `0`.
    ///
    /// ```swift
    /// TMDBSearchResponse(page: 1, results: [], totalPages: 0, totalResults: 0).jsonText()
    /// // {"page":1,"results":[],"total_pages":0,"total_results":0}
    /// ```
    public func jsonText() -> String {
        var json = JSONWriter()
        json.append("{\"page\":\(page),\"results\":[")
        for (position, movie) in results.enumerated() {
            if position > 0 { json.append(",") }
            json.append("{\"id\":\(movie.id),\"title\":")
            json.appendString(movie.title)
            json.append(",\"overview\":")
            json.appendString(movie.overview)
            json.append(",\"poster_path\":")
            if let posterPath = movie.posterPath { json.appendString(posterPath) } else { json.append("null") }
            json.append(",\"release_date\":")
            json.appendString(movie.releaseDate)
            json.append(",\"vote_average\":")
            json.append(movie.voteAverage.isFinite ? "\(movie.voteAverage)" : "0")
            json.append(",\"vote_count\":\(movie.voteCount)}")
        }
        json.append("],\"total_pages\":\(totalPages),\"total_results\":\(totalResults)}")
        return json.text
    }

    /// Decodes a response body of this shape, as TMDB or the playground sends it.
    public static func decode(from body: [UInt8]) throws -> TMDBSearchResponse {
        try JSONDecoder().decode(TMDBSearchResponse.self, from: Data(body))
    }

    /// Decodes a response body of this shape, as TMDB or the playground sends it.
    public static func decode(from body: Data) throws -> TMDBSearchResponse {
        try JSONDecoder().decode(TMDBSearchResponse.self, from: body)
    }
}
