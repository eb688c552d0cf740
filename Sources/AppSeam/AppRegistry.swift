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
    /// The room page's apps, then the compare page's (``compareIndices``).
    public let apps: [AppRegistration]
    /// How many of ``apps`` the room page shows; the rest are the compare page's, started only once used.
    public let pageCount: Int

    /// Checks that every id is valid and no two apps share one (ids are fragment-id namespaces too). `compare` are
    /// the implementations of one app the compare page drives together (the Films app); a room starts them only when
    /// one is first used.
    /// The compare page's shared bar, drawn from the first compare app's snapshot (its `/state` JSON).
    public let sharedControls: @Sendable (_ firstSnapshotJSON: String) -> [SharedControl]

    public init(
        _ apps: [AppRegistration], compare: [AppRegistration] = [],
        sharedControls: @escaping @Sendable (_ firstSnapshotJSON: String) -> [SharedControl] = { _ in [] }
    ) {
        pageCount = apps.count
        self.sharedControls = sharedControls
        let apps = apps + compare
        for app in apps {
            precondition(AppAbout.isValidID(app.about.id), "app id \(quoted(app.about.id)) must be lowercase letters, digits and single hyphens, starting with a letter")
        }
        let ids = apps.map(\.about.id)
        precondition(Set(ids).count == ids.count, "two apps share an id: \(ids)")
        self.apps = apps
    }

    /// Every app's id, in page order.
    public var ids: [String] { apps.map(\.about.id) }

    /// The room page's apps.
    public var pageIndices: Range<Int> { 0..<pageCount }
    /// The compare page's apps, in its order.
    public var compareIndices: Range<Int> { pageCount..<apps.count }

    /// The index of the app named `id`.
    public func index(of id: String) -> Int? { apps.firstIndex { $0.about.id == id } }

    /// Decodes one envelope for the app it names; touches no room.
    public func decode(app id: String, event: String, arguments: [String: EventArgument]) throws(RegistryError) -> DecodedInput {
        guard let index = index(of: id) else { throw .unknownApp(ids) }
        do {
            let registration = apps[index]
            let input: any AppInput
            if let decode = registration.decodeInput {
                input = try decode(event, arguments)
            } else {
                input = try registration.input.init(event: event, arguments: arguments)
            }
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
    let value: any AppInput
}

/// One app of the registry, its type erased: what a room needs to make it, decode its inputs and show examples.
public struct AppRegistration: Sendable {
    public let about: AppAbout
    /// The page's curl twins: a label and the envelope fields (`event` first).
    public let examples: [(label: String, fields: [(name: String, value: EventArgument)])]
    /// The app's input type, which decodes an envelope.
    let input: any AppInput.Type
    /// Starts the app in a room (call it in the room's isolation).
    public let make: @Sendable (AppServices) -> AnyHostedApp
    /// The app's type, module-qualified (`RandomColorEV.RandomColorEVPlayground`): what a generated test hosts.
    public let typeName: String
    /// The module that declares the app's stages (`EVRuntime`): the runtime whose files a step-through opens.
    public let stageModule: String
    /// What the composition root provides this app (repositories, settings).
    public let services: AppServiceValues
    /// What the app describes of itself (its input's declared `events`, its `Decodable` snapshot's schema), if anything.
    var described: AppDescription? = nil
    /// Decodes an envelope for the app: its input type's decoding, then the app's own check (a shared input's
    /// `setPitfall` names one of this app's pitfalls).
    var decodeInput: (@Sendable (String, [String: EventArgument]) throws(AppInputError) -> any AppInput)? = nil

    /// Registers `App`, giving it `services`.
    public static func app<App: HostedApp>(_ type: App.Type, services: AppServiceValues = AppServiceValues()) -> AppRegistration {
        AppRegistration(
            about: App.about,
            examples: Pitfall.examples(of: App.self),
            input: App.Input.self,
            make: { services in AnyHostedApp(App(services: services), isolation: services.isolation, services: services) },
            typeName: String(reflecting: App.self),
            stageModule: String(String(reflecting: App.Stage.self).prefix { $0 != "." }),
            services: services,
            described: AppDescription.of(App.self),
            decodeInput: { event, arguments throws(AppInputError) in try Pitfall.decode(App.self, event: event, arguments: arguments) })
    }

    /// The module of the app's own code (`RandomColorEV`), whose files are its sample folder's.
    public var sampleModule: String { String(typeName.prefix { $0 != "." }) }

    /// A decoded input's envelope fields (`event` first), as the app wrote it back: what a journal keeps.
    public func envelopeFields(of input: DecodedInput) -> [(name: String, value: EventArgument)] {
        input.value.envelopeFields
    }
}
