import Foundation
import MovieCatalog

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where the products come from: the first ten films the playground's catalog API answers for a query
/// (`GET {baseURL}/3/search/movie?query=…`), over real HTTP.
public protocol ProductRepositoryProtocol: Sendable {
    func fetchProducts() async throws -> [Product]
}

/// The products as the playground's own catalog API serves them.
public struct ProductRepository: ProductRepositoryProtocol {
    public let baseURL: String
    public let query: String

    public init(baseURL: String, query: String = "star") {
        (self.baseURL, self.query) = (baseURL, query)
    }

    public func fetchProducts() async throws -> [Product] {
        let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        guard let url = URL(string: "\(baseURL)/3/search/movie?query=\(encoded)&page=1") else { throw URLError(.badURL) }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 10)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        // Not `data(for:)`: cancelling it cancels the data task, and swift-corelibs-foundation's URLSessionTask.cancel()
        // crashes the process when it meets a task that is just finishing. The request ends by itself (10 s at most).
        let (body, response) = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
            URLSession.shared.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(throwing: error)
                } else if let response {
                    continuation.resume(returning: (data ?? Data(), response))
                } else {
                    continuation.resume(throwing: URLError(.badServerResponse))
                }
            }.resume()
        }
        guard let status = (response as? HTTPURLResponse)?.statusCode, (200...299).contains(status) else {
            throw URLError(.badServerResponse)
        }
        return try TMDBSearchResponse.decode(from: body).results.prefix(10).map { movie in
            Product(
                id: movie.id, title: movie.title, year: String(movie.releaseDate.prefix(4)), rating: movie.voteAverage,
                overview: movie.overview)
        }
    }
}
