import OpenCombine
import Synchronization
@testable import VVSIRuntime

/// A one-shot gate an interactor task waits at until the test opens it.
final class Gate: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    }

    func open() { continuation.finish() }

    func wait() async {
        for await _ in stream {}
    }
}

/// A value a background task hands to the test (`await signal.value`).
final class Signal<Value: Sendable>: Sendable {
    private let stream: AsyncStream<Value>
    private let continuation: AsyncStream<Value>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Value.self)
    }

    func send(_ value: Value) {
        continuation.yield(value)
        continuation.finish()
    }

    var value: Value? {
        get async {
            for await value in stream { return value }
            return nil
        }
    }
}

/// Everything a view state published and delivered, in order, as the view sees it.
final class Recorder<Interactor: ViewStateInteractorProtocol> {
    enum Entry {
        case state(Interactor.S)
        case notification(Interactor.N)
    }

    private(set) var entries: [Entry] = []
    /// Whether every entry arrived on the room's executor.
    private(set) var allOnRoom = true
    private var cancellables: [AnyCancellable] = []

    init(_ viewState: ViewState<Interactor>, room: TestRoom) {
        cancellables.append(
            viewState.$state.sink { [unowned self] in
                allOnRoom = allOnRoom && room.isCurrent
                entries.append(.state($0))
            })
        cancellables.append(
            viewState.notifications.sink { [unowned self] in
                allOnRoom = allOnRoom && room.isCurrent
                entries.append(.notification($0))
            })
    }
}

extension Step: Sendable where S: Sendable, A: Sendable, N: Sendable {}

extension Recorder.Entry: Equatable where Interactor.S: Equatable, Interactor.N: Equatable {}

/// A view-state event without its durations, for exact comparisons.
enum Step<S: Equatable, A: Equatable, N: Equatable>: Equatable {
    case queued(A, position: Int)
    case rejected(A)
    case started(Int, A)
    case updated(Int, S, S)
    case notification(N)
    case finished(Int, A)

    init(_ event: ViewStateEvent<S, A, N>) {
        switch event {
        case .actionQueued(let action, let position): self = .queued(action, position: position)
        case .actionRejected(let action): self = .rejected(action)
        case .actionStarted(let id, let action): self = .started(id, action)
        case .stateUpdated(let id, let before, let after, _): self = .updated(id, before, after)
        case .notification(let notification): self = .notification(notification)
        case .actionFinished(let id, let action, _): self = .finished(id, action)
        }
    }
}
