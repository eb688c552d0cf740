import Foundation

/// Where an app's requests go, as the composition root sets it (`--movie-api`, a test): a service's base URL and
/// key, or a repository to fetch from instead (a test's fake); by default the playground's own API.
///
/// ```swift
/// public typealias MovieAPI = OutsideAPI<any MovieRepository>      // the app's key
/// values[MovieAPI.self] = MovieAPI(baseURL: "https://api.themoviedb.org", apiKey: key)
/// ```
public struct OutsideAPI<Repository: Sendable>: AppServiceKey, Sendable {
    /// The service's base URL; nil = the playground's own.
    public var baseURL: String?
    /// Sent as `api_key` to a configured service (never to the playground's own API).
    public var apiKey: String?
    /// A repository to fetch from instead (a test's); nil: the API above.
    public var repository: Repository?

    public init(baseURL: String? = nil, apiKey: String? = nil, repository: Repository? = nil) {
        (self.baseURL, self.apiKey, self.repository) = (baseURL, apiKey, repository)
    }

    public static var defaultValue: OutsideAPI { OutsideAPI() }

    /// The configured base URL, else `own` (the playground's address); the key only for a configured one.
    public func service(own: String) -> (baseURL: URL, apiKey: String?) {
        (baseURL.flatMap(URL.init(string:)) ?? URL(string: own)!, baseURL == nil ? nil : apiKey)
    }
}
