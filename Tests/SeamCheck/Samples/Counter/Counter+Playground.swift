import AppSeam
import CounterRuntime
import PlaygroundUI
import RoomServices

/// Glue, not from the article: the counter as a playground app.
public final class CounterPlayground: ViewHostedApp {
    public enum Input: AppInput, Codable {
        case increment
        case add(amount: Int)
        case reset

        public static let examples: [(label: String, input: Input)] = [("+1", .increment), ("Add 5", .add(amount: 5)), ("Reset", .reset)]
        public static let events: [EventDeclaration] = [
            .init("increment", "Adds one."), .init("add", "Adds `amount`.", ["amount": .integer(1...100)]), .init("reset", "Back to 0."),
        ]
    }

    public struct Snapshot: Codable { let count: Int }

    public static let about = AppAbout(
        id: "counter", title: "Counter · a throw-away app", summary: "Counts what it is sent.", sampleFolder: "Counter",
        articleFiles: ["Counter.swift"])
    public let teaching = Teaching<CounterStage>(appID: "counter")
    private let store = Store<Counter>(Counter.State())
    public private(set) var host = ViewHost(CounterView(count: 0))

    public init(services: AppServices) {}

    public func handle(_ input: Input, from source: EventSource) throws(AppError) {
        switch input {
        case .increment: store.send(.increment)
        case .add(let amount): store.send(.add(amount))
        case .reset: store.send(.reset)
        }
        teaching.trace.record(source: source, event: "\(input)", became: ["count = \(store.state.count)"])
        teaching.flow.describe("now \(store.state.count)")
        host = ViewHost(CounterView(count: store.state.count))
    }

    public var snapshot: Snapshot { Snapshot(count: store.state.count) }
}
