import PlaygroundUI

/// The apps every room hosts, in page order: made once, in the composition root.
///
/// ```swift
/// let apps = AppRegistry([
///     .app(RandomColorEVPlayground.self),
///     .app(ListViewPlayground.self),
///     .app(MovieSearchPlayground.self, services: movieAPI),
/// ])
/// ```
public struct AppRegistry: Sendable {
    public let apps: [AppRegistration]

    /// Checks that every id is valid and no two apps share one (ids are fragment-id namespaces too).
    public init(_ apps: [AppRegistration]) {
        for app in apps {
            precondition(AppAbout.isValidID(app.about.id), "app id \(quoted(app.about.id)) must be lowercase letters and digits")
        }
        let ids = apps.map(\.about.id)
        precondition(Set(ids).count == ids.count, "two apps share an id: \(ids)")
        self.apps = apps
    }

    /// Every app's id, in page order.
    public var ids: [String] { apps.map(\.about.id) }

    /// The index of the app named `id`.
    public func index(of id: String) -> Int? { apps.firstIndex { $0.about.id == id } }

    /// Decodes one envelope for the app it names; touches no room.
    public func decode(app id: String, event: String, arguments: [String: EventArgument]) throws(RegistryError) -> DecodedInput {
        guard let index = index(of: id) else { throw .unknownApp(ids) }
        do {
            let input = try apps[index].decode(event, arguments)
            return DecodedInput(appIndex: index, appID: id, value: input)
        } catch {
            throw .invalidInput(error)
        }
    }
}

/// Why an envelope was not decoded.
public enum RegistryError: Error, Sendable {
    /// No app has that id; the ids that exist.
    case unknownApp([String])
    /// The app refused the input.
    case invalidInput(AppInputError)
}

/// An input decoded for one app, ready to cross into its room.
public struct DecodedInput: Sendable {
    public let appIndex: Int
    public let appID: String
    let value: any Sendable
}

/// One app of the registry, its type erased: what a room needs to make it, decode its inputs and show examples.
public struct AppRegistration: Sendable {
    public let about: AppAbout
    /// The page's curl twins: a label and the envelope fields (`event` first).
    public let examples: [(label: String, fields: [(name: String, value: EventArgument)])]
    let decode: @Sendable (String, [String: EventArgument]) throws(AppInputError) -> any Sendable
    /// Starts the app in a room (call it in the room's isolation).
    public let make: @Sendable (AppServices) -> AnyHostedApp
    let fields: @Sendable (any Sendable) -> [(name: String, value: EventArgument)]
    /// The app's type, module-qualified (`RandomColorEV.RandomColorEVPlayground`): what a generated test hosts.
    public let typeName: String
    /// What the composition root provides this app (repositories, settings).
    public let services: AppServiceValues
    /// What the app describes of itself (``DescribedApp``), if it does.
    var described: AppDescription? = nil

    /// Registers `App`, giving it `services`.
    public static func app<App: HostedApp>(_ type: App.Type, services: AppServiceValues = AppServiceValues()) -> AppRegistration {
        AppRegistration(
            about: App.about,
            examples: App.Input.examples.map { ($0.label, $0.input.envelopeFields) },
            decode: { event, arguments throws(AppInputError) in try App.Input(event: event, arguments: arguments) },
            make: { services in AnyHostedApp(App(services: services)) },
            fields: { input in (input as? App.Input)?.envelopeFields ?? [] },
            typeName: String(reflecting: App.self),
            services: services,
            described: AppDescription.of(App.self))
    }

    /// A decoded input's envelope fields (`event` first), as the app wrote it back: what a journal keeps.
    public func envelopeFields(of input: DecodedInput) -> [(name: String, value: EventArgument)] {
        fields(input.value)
    }
}

/// A running app, its type erased; lives in its room's isolation.
public final class AnyHostedApp {
    public let about: AppAbout
    public let teaching: any TeachingFragments
    private let renderApp: (RenderContext) -> RenderedView
    private let handleInput: (any Sendable, EventSource) throws(AppError) -> Void
    private let performAction: (String, String?) -> ActionOutcome
    private let snapshotApp: () -> any Encodable
    private let unmountApp: () -> Void
    private let settleApp: nonisolated(nonsending) () async -> Void
    private let deliveriesApplied: () -> Int
    private let holdAppDeliveries: () -> Void
    private let deliverApp: nonisolated(nonsending) (Int) async -> Bool
    private let releaseAppDeliveries: () -> Void
    private let checkpointApp: () -> String?
    private let restoreApp: (String) throws(CheckpointError) -> Void

    init<App: HostedApp>(_ app: App) {
        about = App.about
        teaching = app.teaching
        renderApp = { app.render($0) }
        handleInput = { input, source throws(AppError) in
            guard let input = input as? App.Input else { preconditionFailure("an input decoded for another app") }
            try app.handle(input, from: source)
        }
        performAction = { app.perform(action: $0, value: $1) }
        snapshotApp = { app.snapshot }
        unmountApp = { app.unmount() }
        settleApp = { await app.settle() }
        deliveriesApplied = { app.deliveries }
        holdAppDeliveries = { app.holdDeliveries() }
        deliverApp = { await app.deliver(upTo: $0) }
        releaseAppDeliveries = { app.releaseDeliveries() }
        checkpointApp = { app.checkpoint() }
        restoreApp = { text throws(CheckpointError) in try app.restore(text) }
    }

    public func render(_ context: RenderContext) -> RenderedView { renderApp(context) }
    public func handle(_ input: DecodedInput, from source: EventSource) throws(AppError) { try handleInput(input.value, source) }
    public func perform(action: String, value: String?) -> ActionOutcome { performAction(action, value) }
    public var snapshot: any Encodable { snapshotApp() }
    public func unmount() { unmountApp() }
    /// Waits until the work the last input started inside the app is done (call it in the room's isolation).
    nonisolated(nonsending) public func settle() async { await settleApp() }
    /// Deliveries the app applied between inputs (see ``HostedApp/deliveries``).
    public var deliveries: Int { deliveriesApplied() }
    public func holdDeliveries() { holdAppDeliveries() }
    nonisolated(nonsending) public func deliver(upTo count: Int) async -> Bool { await deliverApp(count) }
    public func releaseDeliveries() { releaseAppDeliveries() }
    public func checkpoint() -> String? { checkpointApp() }
    public func restore(_ checkpoint: String) throws(CheckpointError) { try restoreApp(checkpoint) }
}

@available(*, unavailable, message: "a running app lives in its room's isolation")
extension AnyHostedApp: Sendable {}
