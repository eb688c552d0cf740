import AppSeam
import PlaygroundUI

/// An EV app as a room hosts it: what every one repeats comes from its ``EVAppInstance`` (the teaching layer, the
/// views, an HTTP input sent into `eventSubject`); the sample writes its about, its instance and its snapshot.
///
/// ```swift
/// final class RandomColorEVPlayground: EVHostedApp {
///     static let about = AppAbout(id: "ev", …)
///     let instance = RandomColorEVInstance()
///     var snapshot: RandomColorEVSnapshot { instance.snapshot }
///     init(services: AppServices) { … }
/// }
/// ```
public protocol EVHostedApp: ViewHostedApp where Stage == EVStage {
    /// The app's `EventEnum`: its input over HTTP (alone, or with a pitfall switch: ``PitfallSwitchInput``), or what
    /// its `handle` maps an input several apps share onto.
    associatedtype EventEnum: EventEnumBase
    /// The running app.
    var instance: EVAppInstance<EventEnum, Root> { get }
}

extension EVHostedApp {
    public var teaching: Teaching<EVStage> { instance.teaching }
    public var host: ViewHost<Root> { instance.host }
    public func unmount() { instance.unmount() }
    /// EV's pitfall switch, the instance's (a ``PitfallHostingApp`` needs nothing more).
    public var pitfallSwitches: PitfallSwitches { instance.pitfallSwitches }
}

extension EVHostedApp where Input == EventEnum {
    public func handle(_ event: EventEnum, from source: EventSource) { instance.handle(event, from: source) }
}

extension EVHostedApp where Self: PitfallHostingApp, EventEnum: PitfallDeclaring, Input == PitfallSwitchInput<EventEnum> {
    /// An event goes into `eventSubject`, as a view's closure sends it; `setPitfall` is EV's switch (`@Action`
    /// subscribes as the article's does, and leaks, or as the fix does).
    public func handle(_ input: Input, from source: EventSource) {
        switch input {
        case .app(let event): instance.handle(event, from: source)
        case .setPitfall(let on, let name): instance.setPitfall(on, pitfall: name, from: source)
        }
    }
}

/// An `EventEnum` posted over HTTP by its case name, with no arguments (`{"app":"ev","event":"changeBothSidesColors"}`):
/// the decoding and the envelope come from here; the sample declares its app's id, its ``AppInput/events`` and
/// examples.
public protocol PostedByName: EventEnumProtocol, AppInput {
    /// The app's id, as a refusal names it.
    static var appID: String { get }
}

extension PostedByName {
    public init(event: String, arguments: [String: EventArgument]) throws(AppInputError) {
        guard let value = Self(name: event) else {
            throw AppInputError(
                .unknownEvent, "The \(Self.appID) app has no event \(quoted(event)); accepted: \(Self.acceptedNames.joined(separator: ", ")).")
        }
        if let extra = arguments.keys.sorted().first {
            throw AppInputError(
                .unexpectedArgument,
                "The \(Self.appID) event \(event) takes no arguments, but \(quoted(extra)) was given; send only app and event.")
        }
        self = value
    }

    public var envelopeFields: [(name: String, value: EventArgument)] { [("event", .string(name))] }
}

extension PostedByName where Self: PitfallDeclaring {
    /// An enum with a pitfall switch names its app once.
    public static var appID: String { pitfallAppID }
}
