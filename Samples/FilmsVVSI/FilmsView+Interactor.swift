import FilmsKit
import OpenCombine
import RoomServices
import VVSIRuntime

extension FilmsView {

    // `@unchecked Sendable`: its tasks capture it; `execute` (and so `requests` and `effects`) runs only on the
    // room's executor, and `notifications` locks internally.
    final class Interactor: ViewStateInteractorProtocol, @unchecked Sendable {

        typealias S = VState
        typealias A = VAction
        typealias N = VNotification

        let notifications: PassthroughSubject<N, Never> = .init()
        private let dependencies: Dependencies
        /// Numbers every request, so a late answer can tell it was overtaken.
        var requests = 0

        init(dependencies: Dependencies) {
            self.dependencies = dependencies
        }

        // The seed's `@MainActor`: ViewState calls this on the room's executor.
        func execute(
            _ state: @escaping CurrentState<S>,
            _ action: VAction,
            _ updater: @escaping StateUpdater<S>
        ) {
            switch action {
            case .search(let query):
                let request = searchFilms(query)
                Task {
                    await updater { state in
                        (state.query, state.results, state.failure, state.searching) = (query, [], nil, request)
                    }
                }

            case .open(let id):
                let request = loadFilm(id)
                Task {
                    await updater { state in
                        (state.openId, state.detail, state.failure, state.opening) = (id, nil, nil, request)
                    }
                }

            case .back:
                Task {
                    await updater { state in
                        guard state.openId != nil else { return }
                        (state.openId, state.detail, state.opening) = (nil, nil, nil)
                        if case .film = state.failure { state.failure = nil }
                    }
                }

            case .toggleFavourite(let id):
                Task {
                    await updater { state in
                        if let index = state.favourites.firstIndex(of: id) {
                            state.favourites.remove(at: index)
                        } else {
                            state.favourites.insert(id, at: state.favourites.firstIndex { $0 > id } ?? state.favourites.endIndex)
                        }
                    }
                }

            case .retry(let failure):
                guard let failure else { return }
                let request = switch failure {
                case .search(let query, _): searchFilms(query)
                case .film(let id, _): loadFilm(id)
                }
                Task {
                    // Another action may have cleared the error meanwhile: then this request's answer is dropped.
                    guard await state().failure == failure else { return }
                    await updater { state in
                        state.failure = nil
                        switch failure {
                        case .search: (state.results, state.searching) = ([], request)
                        case .film: (state.detail, state.opening) = (nil, request)
                        }
                    }
                }

            case .setFaults(let settings):
                dependencies.api.faults.setFaults(settings)
                Task {
                    await updater { state in state.faults = settings }
                }

            case .searchAnswered(let request, let answer):
                Task { [notifications] in
                    guard await state().searching == request else { return }  // overtaken: dropped
                    switch answer {
                    case .success(let films):
                        await updater { state in (state.results, state.searching) = (films, nil) }
                    case .failure(let failure):
                        notifications.send(.error(failure))
                    }
                }

            case .filmAnswered(let request, let answer):
                Task { [notifications] in
                    guard await state().opening == request else { return }  // overtaken, or Back: dropped
                    switch answer {
                    case .success(let film):
                        await updater { state in (state.detail, state.opening) = (film, nil) }
                    case .failure(let failure):
                        notifications.send(.error(failure))
                    }
                }

            case .showError(let failure):
                Task {
                    await updater { state in
                        switch failure {
                        case .search(_, let request):
                            guard state.searching == request else { return }
                            state.searching = nil
                        case .film(_, let request):
                            guard state.opening == request else { return }
                            state.opening = nil
                        }
                        state.failure = failure
                    }
                }
            }
        }

        /// `GET /3/search/movie` through the room's effects; the answer comes back as `.searchAnswered`.
        private func searchFilms(_ query: String) -> Int {
            requests += 1
            let (request, api, answers) = (requests, dependencies.api, dependencies.answers)
            Stages.record(VVSIStage.execute, "effects.run(\"search\") { try await api.search(query: query) }", line: #line + 1)
            dependencies.effects.run("search", errors: FilmsAPI.errors) { try await api.search(query: query) } then: { result in
                answers.send(.searchAnswered(request: request, result.mapError { _ in .search(query: query, request: request) }))
            }
            return request
        }

        /// `GET /3/movie/{id}` through the room's effects; the answer comes back as `.filmAnswered`.
        private func loadFilm(_ id: Int) -> Int {
            requests += 1
            let (request, api, answers) = (requests, dependencies.api, dependencies.answers)
            Stages.record(VVSIStage.execute, "effects.run(\"film\") { try await api.film(id: id) }", line: #line + 1)
            dependencies.effects.run("film", errors: FilmsAPI.errors) { try await api.film(id: id) } then: { result in
                answers.send(.filmAnswered(request: request, result.mapError { _ in .film(id: id, request: request) }))
            }
            return request
        }
    }
}
