import MovieCatalog

/// The catalog the project ships, `Data/movies.csv`, found relative to this file and loaded once for all tests.
enum ShippedCatalog {
    /// `Data/movies.csv` at the top of the repository.
    static let path: String = {
        var components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(3)  // Tests/MovieCatalogTests/ShippedCatalog.swift
        return components.joined(separator: "/") + "/Data/movies.csv"
    }()

    /// The loaded catalog, or the error that stopped it.
    static let loaded = Result { () throws(CatalogLoadError) in try MovieCatalog(csvPath: path) }

    /// The loaded catalog.
    static func catalog() throws -> MovieCatalog { try loaded.get() }
}
