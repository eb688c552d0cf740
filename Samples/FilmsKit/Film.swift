/// A film as the list shows it.
public struct FilmSummary: Codable, Sendable, Hashable, Identifiable {
    public var id: Int
    public var title: String
    public var year: Int
    /// Average rating, 0–10.
    public var rating: Double

    public init(id: Int, title: String, year: Int, rating: Double) {
        (self.id, self.title, self.year, self.rating) = (id, title, year, rating)
    }
}

/// A film as its detail shows it.
public struct FilmDetail: Codable, Sendable, Hashable, Identifiable {
    public var id: Int
    public var title: String
    public var year: Int
    /// Running time in minutes.
    public var runtime: Int
    public var overview: String
    public var rating: Double

    public init(id: Int, title: String, year: Int, runtime: Int, overview: String, rating: Double) {
        (self.id, self.title, self.year, self.runtime, self.overview, self.rating) = (id, title, year, runtime, overview, rating)
    }
}
