import AppSeam
import RoomServices
import Synchronization

/// The NiceArchitecture flow, in the order an event meets it: the coordinator routes, a view binds its view model
/// (``ObservableVM``), which asks a repository (its cache, then its service over HTTP); errors go through the
/// ``ErrorService``; the view model's ``ContentLoadState`` picks what the ``StatefulView`` shows.
public enum NiceStage: FlowStage {
    case coordinator, view, viewModel, repository, service, errorService, contentLoadState, statefulView

    public var name: String {
        switch self {
        case .coordinator: "Coordinator"
        case .view: "View"
        case .viewModel: "ViewModel"
        case .repository: "Repository"
        case .service: "Service (HTTP)"
        case .errorService: "ErrorService"
        case .contentLoadState: "ContentLoadState"
        case .statefulView: "StatefulView"
        }
    }

    public var detail: String {
        switch self {
        case .coordinator: "ViewCoordinators handle navigation"
        case .view: "bound to its ObservableVM"
        case .viewModel: "ObservableVM: binding, errors, cancellables"
        case .repository: "each repository its own cache"
        case .service: "injected, not a singleton"
        case .errorService: "errors in, displayable errors out"
        case .contentLoadState: "loading · hasData · noData · error"
        case .statefulView: "tracks its ContentLoadState"
        }
    }

    /// Reports a coordinator's route at the line that asked for it: `coordinator.handleRoute(.post(2))`.
    public static func handleRoute(_ route: Any, file: StaticString, line: UInt) {
        Stages.record(NiceStage.coordinator, "coordinator.handleRoute(.\(route))", file: file, line: line)
    }

    /// Reports a coordinator's way back at the line that asked for it.
    public static func pop(file: StaticString, line: UInt) {
        Stages.record(NiceStage.coordinator, "coordinator.pop()", file: file, line: line)
    }
}

/// The stages of a view model's task, which runs off the room (cache lookups, HTTP calls): kept in order, and
/// recorded on the room when its result arrives, so they join the step that started the task as later stages.
final class TaskStages: Sendable {
    /// The task running now, set by ``ObservableVM/task(_:errors:_:then:)``.
    @TaskLocal static var current: TaskStages?

    private struct Kept: Sendable {
        let stage: NiceStage
        let call: String
        let file: StaticString
        let line: UInt
    }

    private let kept = Mutex<[Kept]>([])

    /// Keeps a stage of the task running now (nothing outside a view model's task).
    static func record(_ stage: NiceStage, _ call: @autoclosure () -> String, file: StaticString, line: UInt) {
        guard let current else { return }
        let record = Kept(stage: stage, call: call(), file: file, line: line)
        current.kept.withLock { $0.append(record) }
    }

    /// Records what the task kept, in order (on the room, in the step the task's result is delivered in).
    func flush() {
        let records = kept.withLock { kept in
            defer { kept = [] }
            return kept
        }
        for record in records {
            Stages.record(record.stage, record.call, file: record.file, line: record.line)
        }
    }
}

extension NiceStage {
    /// A service's fetch through a client of the app's own (not ``APIClient``): runs `fetch` and reports it, with how
    /// it ended, as the Service (HTTP) stage of the view model's task, at the service's line.
    public static func fetch<Value: Sendable>(
        _ call: String, file: StaticString = #fileID, line: UInt = #line, _ fetch: @Sendable () async throws -> Value
    ) async throws -> Value {
        var outcome = "cancelled"
        defer { TaskStages.record(NiceStage.service, "\(call) → \(outcome)", file: file, line: line) }
        do {
            let value = try await fetch()
            outcome = "answered"
            return value
        } catch {
            outcome = error is InjectedFault ? "injected failure" : error is CancellationError ? "cancelled" : "failed"
            throw error
        }
    }
}
