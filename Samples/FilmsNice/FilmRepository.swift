import FilmsKit
import NiceRuntime

struct FilmRepositoryKey: InjectionKey {
    static var currentValue: any FilmRepositoryProtocol {
        FilmRepository(cache: CacheService(name: "films", log: InjectedValues.current.log))
    }
}

/// The films, through a cache: what the view models ask for.
public protocol FilmRepositoryProtocol: Sendable {
    func searchFilms(query: String, cacheMode: CacheMode) async throws -> [FilmSummary]
    func getFilm(id: Int, cacheMode: CacheMode) async throws -> FilmDetail
}

/// The films, from the film service, through this repository's own cache.
actor FilmRepository: FilmRepositoryProtocol {
    @Injected(\.filmService) private var filmService: any FilmServiceProtocol

    private let cache: CacheService

    init(cache: CacheService) {
        self.cache = cache
    }

    func searchFilms(query: String, cacheMode: CacheMode) async throws -> [FilmSummary] {
        let key = CacheKey<[FilmSummary]>(key: "search \"\(query)\"")
        if let cached = await cache.retrieve(key: key, cacheMode: cacheMode) {
            if cached.shouldExit { return cached.result }
        }

        let films = try await filmService.searchFilms(query: query)
        await cache.update(key: key, value: films)
        return films
    }

    func getFilm(id: Int, cacheMode: CacheMode) async throws -> FilmDetail {
        let key = CacheKey<FilmDetail>(key: "film \(id)")
        if let cached = await cache.retrieve(key: key, cacheMode: cacheMode) {
            if cached.shouldExit { return cached.result }
        }

        let film = try await filmService.getFilm(id: id)
        await cache.update(key: key, value: film)
        return film
    }
}
