import OpenCombine
import VVSIRuntime

struct Counter: StateProtocol, Equatable {
    var count = 0
}

enum CounterAction: ActionProtocol, Equatable, Sendable {
    /// `updater { count += 1 }` in a detached task.
    case increment
    /// The seed's add shape with a pause between the check and the change: refused at `limit`.
    case slowCheckThenIncrement(limit: Int)
    /// Sends each text as a notification from a detached task, then updates once.
    case say([String])
    /// Sends a notification synchronously inside `execute`, on the room's executor; starts no task.
    case sayNow(String)
    /// `count` detached tasks, each incrementing once.
    case fanOut(Int)
    /// Waits at the gate, adds 100, reads the state back and reports it.
    case wait(Gate, report: Signal<Int>?)
    /// Waits at `read`, reads the count, waits at `write`, then sets it to what it read plus one.
    case gatedCheckThenIncrement(read: Gate, write: Gate)

    static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.increment, .increment): true
        case (.slowCheckThenIncrement(let l), .slowCheckThenIncrement(let r)): l == r
        case (.say(let l), .say(let r)): l == r
        case (.sayNow(let l), .sayNow(let r)): l == r
        case (.fanOut(let l), .fanOut(let r)): l == r
        case (.wait(let l, _), .wait(let r, _)): l === r
        case (.gatedCheckThenIncrement(let l, _), .gatedCheckThenIncrement(let r, _)): l === r
        default: false
        }
    }
}

enum CounterNotification: NotificationProtocol, Equatable {
    case said(String)
    case refused(Int)
}

// `@unchecked Sendable`: `notifications` is an OpenCombine subject (locks internally); nothing else is stored.
final class CounterInteractor: ViewStateInteractorProtocol, @unchecked Sendable {
    typealias S = Counter
    typealias A = CounterAction
    typealias N = CounterNotification

    let notifications = PassthroughSubject<N, Never>()

    func execute(_ state: @escaping CurrentState<S>, _ action: A, _ updater: @escaping StateUpdater<S>) {
        switch action {
        case .increment:
            Task.detached { await updater { $0.count += 1 } }
        case .slowCheckThenIncrement(let limit):
            Task.detached { [weak self] in
                let count = await state().count
                try? await Task.sleep(for: .milliseconds(2))
                guard count < limit else {
                    self?.notifications.send(.refused(count))
                    return
                }
                await updater { $0.count = count + 1 }
            }
        case .say(let texts):
            Task.detached { [weak self] in
                for text in texts { self?.notifications.send(.said(text)) }
                await updater { _ in }
            }
        case .sayNow(let text):
            notifications.send(.said(text))
        case .fanOut(let tasks):
            for _ in 0..<tasks {
                Task.detached { await updater { $0.count += 1 } }
            }
        case .wait(let gate, let report):
            Task.detached {
                await gate.wait()
                await updater { $0.count += 100 }
                report?.send(await state().count)
            }
        case .gatedCheckThenIncrement(let read, let write):
            Task.detached {
                await read.wait()
                let count = await state().count
                await write.wait()
                await updater { $0.count = count + 1 }
            }
        }
    }
}

extension CounterInteractor: InitialStateProtocol {
    var initialState: Counter { Counter(count: 7) }
}
