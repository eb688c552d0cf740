import AppSeam
import FilmsKit
import PlaygroundUI
import RoomServices

/// "Models — Data Source": the catalog the screens load from, with no layer between. Every request goes through the
/// room's effects (which journal its answer); only the newest search's and the newest film's answers are handed
/// back, so an older, slower answer is dropped and never shown.
///
/// A class: the renderer compares environment values by identity, so one catalog keeps the views below skippable.
public final class FilmsCatalog {
    let api: FilmsAPI
    private let effects: Effects
    private let changed: () -> Void
    private var latestSearch = 0
    private var latestFilm = 0

    public init(api: FilmsAPI, effects: Effects, changed: @escaping () -> Void) {
        (self.api, self.effects, self.changed) = (api, effects, changed)
    }

    var faults: FaultInjection { api.faults }

    /// The first 20 films matching `query`; `answer` runs on the room's executor, unless a newer search started.
    func search(_ query: String, answer: @escaping (Result<[FilmSummary], any Error>) -> Void) {
        latestSearch += 1
        let request = latestSearch
        effects.run("search", errors: FilmsAPI.errors) { [api] in
            try await api.search(query: query)
        } then: { [weak self] result in
            guard let self, request == latestSearch else { return }
            answer(result)
            changed()
        }
    }

    /// One film's detail; `answer` runs unless a newer film was opened, or Back closed it.
    func film(_ id: Int, answer: @escaping (Result<FilmDetail, any Error>) -> Void) {
        latestFilm += 1
        let request = latestFilm
        effects.run("film", errors: FilmsAPI.errors) { [api] in
            try await api.film(id: id)
        } then: { [weak self] result in
            guard let self, request == latestFilm else { return }
            answer(result)
            changed()
        }
    }

    /// The film's answer on its way is no longer wanted.
    func forgetFilm() { latestFilm += 1 }
}

private struct FilmsCatalogKey: EnvironmentKey {
    static var defaultValue: FilmsCatalog? { nil }
}

extension EnvironmentValues {
    /// The catalog the screens load from (none outside the app).
    var filmsCatalog: FilmsCatalog? {
        get { self[FilmsCatalogKey.self] }
        set { self[FilmsCatalogKey.self] = newValue }
    }
}
