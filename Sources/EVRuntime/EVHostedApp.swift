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
    /// The app's `EventEnum`, also its input over HTTP (alone, or with a pitfall switch: ``PitfallSwitchInput``).
    associatedtype EventEnum: EventEnumProtocol & AppInput
    /// The running app.
    var instance: EVAppInstance<EventEnum, Root> { get }
}

extension EVHostedApp {
    public var teaching: Teaching<EVStage> { instance.teaching }
    public var host: ViewHost<Root> { instance.host }
    public func unmount() { instance.unmount() }
}

extension EVHostedApp where Input == EventEnum {
    public func handle(_ event: EventEnum, from source: EventSource) { instance.handle(event, from: source) }
}
