import OpenCombine
import VVSIRuntime

extension ListView {

    // `@unchecked Sendable`: its tasks capture it; `notifications` is an OpenCombine subject, which locks
    // internally, and `service` is `Sendable`.
    final class Interactor: ViewStateInteractorProtocol, @unchecked Sendable {

        typealias S = VState
        typealias A = VAction
        typealias N = VNotification

        let notifications: PassthroughSubject<N, Never> = .init()
        let service: Dependencies.Service

        init(dependencies: Dependencies = .shared) {
            service = dependencies.service
        }

        // The seed's `@MainActor`: ViewState calls this on the room's executor.
        func execute(
            _ state: @escaping CurrentState<S>,
            _ action: VAction,
            _ updater: @escaping StateUpdater<S>
        ) {
            switch action {
            case .add:
                Task.detached { [weak self] in
                    guard await state().items.count < 5 else {
                        self?.notifications.send(.error("Max items count is 5"))
                        return
                    }

                    await updater { state in
                        state.items.append("New item")
                    }
                }

            case .remove:
                Task.detached {
                    await updater { state in
                        if !state.items.isEmpty {
                            state.items.removeLast()
                        }
                    }
                }
            case .random(let opt):
                Task {
                    let strings = (0..<opt.count).map { _ in randomString(length: opt.length) }
                    await updater { state in
                        state.items = strings
                    }
                }
            }
        }

        /// `length` characters from `[a-zA-Z0-9]`, drawn from the injected random source.
        func randomString(length: Int) -> String {
            service.string(length: length, from: Self.letters)
        }

        static let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    }
}
