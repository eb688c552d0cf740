import AppSeam
import FilmsKit
import NiceRuntime

struct FilmServiceKey: InjectionKey {
    static var currentValue: any FilmServiceProtocol {
        FilmService(api: FilmsAPI(baseURL: "http://127.0.0.1:8080", faults: FaultInjection()))
    }
}

/// Where the films come from (a protocol, so a test can hand in another).
public protocol FilmServiceProtocol: Sendable {
    func searchFilms(query: String) async throws -> [FilmSummary]
    func getFilm(id: Int) async throws -> FilmDetail
}

/// `GET /3/search/movie` and `GET /3/movie/{id}` of the catalog, through the room's ``FilmsAPI`` (and its faults).
struct FilmService: FilmServiceProtocol {
    let api: FilmsAPI

    func searchFilms(query: String) async throws -> [FilmSummary] {
        try await NiceStage.fetch("api.search(query: \"\(query)\")") { [api] in try await api.search(query: query) }
    }

    func getFilm(id: Int) async throws -> FilmDetail {
        try await NiceStage.fetch("api.film(id: \(id))") { [api] in try await api.film(id: id) }
    }
}
