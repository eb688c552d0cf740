import Dispatch
import MovieCatalog

/// The catalog the project ships, `Data/movies.csv`, loaded once per test process for every test target.
///
/// A debug build needs about two seconds to load it. Loading inside a `static let` would block every cooperative
/// thread that touches it meanwhile (`swift_once` waits synchronously), and on a two-core machine that stalls
/// every other test long enough for their socket timeouts to expire. So the load runs on a Dispatch thread and
/// callers await it.
public enum ShippedCatalog {
    /// `Data/movies.csv` at the top of the repository.
    public static let path: String = {
        var components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(4)  // Tests/Support/PlaygroundTesting/ShippedCatalog.swift
        return components.joined(separator: "/") + "/Data/movies.csv"
    }()

    private static let loading = Task<MovieCatalog, any Error> {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { () throws(CatalogLoadError) in try MovieCatalog(csvPath: path) })
            }
        }
    }

    /// The loaded catalog; throws the error that stopped it.
    public static func catalog() async throws -> MovieCatalog { try await loading.value }
}
