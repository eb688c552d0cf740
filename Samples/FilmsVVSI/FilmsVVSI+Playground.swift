import AppSeam
import FilmsKit
import PlaygroundUI
import RoomServices
import VVSIRuntime

/// Glue, not from the article: the VVSI Films app as a playground app (the hosting is VVSIRuntime's). A posted
/// event becomes the action its button triggers, and goes to `viewState.trigger`; an effect's answer comes back the
/// same way, as an action.
public final class FilmsVVSIPlayground: VVSIHostedApp, CheckpointingApp {
    public static let about = AppAbout(
        id: "films-vvsi", title: "Films · VVSI — View, ViewState, Interactor",
        summary: "Every button triggers an action; the Interactor starts the request as a room effect and changes the "
            + "state with its updater. The answer comes back as another action, dropped when a newer request was made; "
            + "a failure is a notification, which the view's .onReceive turns into the shown error.",
        sampleFolder: "FilmsVVSI",
        articleFiles: ["FilmsView.swift", "FilmsView+State.swift", "FilmsView+Interactor.swift", "FilmsView+Dependencies.swift"])

    let instance: FilmsVVSIInstance
    let faults: FaultInjection
    public var hosting: any ViewStateHosting { instance }

    public init(services: AppServices) {
        let answers = FilmsView.Answers()
        let dependencies = FilmsView.Dependencies(api: services.filmsAPI(), effects: services.effects, answers: answers)
        faults = dependencies.api.faults
        // `films-vvsi-films`: `films-vvsi` is the compare page's pane.
        instance = FilmsVVSIInstance(
            id: "films-vvsi-films", appID: Self.about.id, isolation: services.isolation, summary: Self.summary, viewState: \.viewState
        ) { FilmsView(dependencies: dependencies) }
        instance.onChange = services.changed
        // An effect's answer takes the buttons' path.
        answers.send = { [weak instance] action in instance?.viewState.trigger(action) }
        // The state, the request counter (a later request's number) and the fault draws' position make a restore exact.
        let state: [StateField<FilmsView.VState>] = [
            .field("query", \.query), .field("results", \.results, atMost: 20), .field("searching", \.searching),
            .field("openId", \.openId), .field("detail", \.detail), .field("opening", \.opening),
            .field("favourites", \.favourites, atMost: 10_000), .field("faults", \.faults),
            .field("failure", \.failure, as: { $0.map(SavedFailure.init) }, { $0?.failure }),
        ]
        instance.checkpointing(.init(state, interactor: [.field("requests", \.requests)], randoms: ["faultDraws": faults.random]))
    }

    /// The default restore, then the fault injection set to the restored state's settings, as `setFaults` does.
    public func restore(_ text: String) throws(CheckpointError) {
        try instance.restore(text, app: Self.about.id)
        faults.setFaults(instance.viewState.state.faults)
    }

    /// Triggers the action the event's button triggers (Retry: with the error shown, as the Retry button does).
    public func handle(_ event: FilmsEvent, from source: EventSource) throws(AppError) {
        guard let action = Self.action(for: event, failure: instance.viewState.state.failure) else { return }
        try instance.handle(action, from: source)
    }

    /// nil for `setPitfall`, which the registry refuses for this app (it declares no pitfall).
    static func action(for event: FilmsEvent, failure: FilmsView.Failure?) -> FilmsView.VAction? {
        switch event {
        case .search(let query): .search(query)
        case .open(let id): .open(id)
        case .back: .back
        case .toggleFavourite(let id): .toggleFavourite(id)
        case .retry: .retry(failure)
        case .setFaults(let latencyMs, let failureRate): .setFaults(FaultSettings(latencyMs: latencyMs, failureRate: failureRate))
        case .setPitfall: nil
        }
    }

    public var snapshot: FilmsVVSISnapshot {
        let viewState = instance.viewState
        return FilmsVVSISnapshot(viewState.state, actionsWaiting: viewState.pendingActionCount, actionRunning: viewState.isRunningAction)
    }

    /// The state in the trace's words.
    static func summary(_ state: FilmsView.VState) -> String {
        var words = ["\(state.results.count) films", "♥ \(state.favourites.count)"]
        if let id = state.openId { words.append("film \(id) open") }
        if state.loading { words.append("loading") }
        if state.failure != nil { words.append("error") }
        return words.joined(separator: ", ")
    }
}

/// The app in one room: the runtime's view-state host around the view.
typealias FilmsVVSIInstance = ViewStateHost<FilmsView.Interactor, ViewStateRoot<FilmsView>>

/// `/state`: the `films` object every implementation shows, and what VVSI itself holds.
public struct FilmsVVSISnapshot: Codable, Equatable, Sendable {
    public var films: FilmsState
    /// The request number of the search whose answer will be shown.
    @Nullable public var searching: Int?
    /// The request number of the detail whose answer will be shown.
    @Nullable public var opening: Int?
    /// Actions waiting for the running one (the view state runs one at a time). Not `pendingActions`: tests find the
    /// list app's idle state by its `"pendingActions":0,"actionRunning":false`.
    public var actionsWaiting: Int
    /// Whether an action is running.
    public var actionRunning: Bool

    init(_ state: FilmsView.VState, actionsWaiting: Int, actionRunning: Bool) {
        films = FilmsState(
            query: state.query, resultIds: state.results.map(\.id), openId: state.openId, favourites: state.favourites,
            error: state.failure?.message, loading: state.loading)
        (self.searching, self.opening) = (state.searching, state.opening)
        (self.actionsWaiting, self.actionRunning) = (actionsWaiting, actionRunning)
    }
}

/// The action as the trace and its stages show it: `search("alien")`, `searchAnswered(#1, 20 films)`.
extension FilmsView.VAction: CustomStringConvertible {
    public var description: String {
        switch self {
        case .search(let query): "search(\(quoted(query)))"
        case .open(let id): "open(\(id))"
        case .back: "back"
        case .toggleFavourite(let id): "toggleFavourite(\(id))"
        case .retry(let failure): failure.map { "retry(\($0))" } ?? "retry(nil)"
        case .setFaults(let settings): "setFaults(\(settings.latencyMs) ms, \(settings.failureRate))"
        case .searchAnswered(let request, .success(let films)): "searchAnswered(#\(request), \(films.count) films)"
        case .searchAnswered(let request, .failure): "searchAnswered(#\(request), failed)"
        case .filmAnswered(let request, .success(let film)): "filmAnswered(#\(request), film \(film.id))"
        case .filmAnswered(let request, .failure): "filmAnswered(#\(request), failed)"
        case .showError(let failure): "showError(\(failure))"
        }
    }
}

/// A failure as a checkpoint writes it (`Codable` is synthesised only in the type's own file).
enum SavedFailure: Codable {
    case search(query: String, request: Int)
    case film(id: Int, request: Int)

    init(_ failure: FilmsView.Failure) {
        switch failure {
        case .search(let query, let request): self = .search(query: query, request: request)
        case .film(let id, let request): self = .film(id: id, request: request)
        }
    }

    var failure: FilmsView.Failure {
        switch self {
        case .search(let query, let request): .search(query: query, request: request)
        case .film(let id, let request): .film(id: id, request: request)
        }
    }
}

extension FilmsView.Failure: CustomStringConvertible {
    public var description: String {
        switch self {
        case .search(let query, let request): "search #\(request) \(quoted(query))"
        case .film(let id, let request): "film \(id) #\(request)"
        }
    }
}

extension FilmsView.VNotification: CustomStringConvertible {
    public var description: String {
        switch self {
        case .error(let failure): "error(\(failure))"
        }
    }
}
