import AppSeam
import OpenCombine
import PlaygroundUI
import RoomServices
import Testing

/// An app that writes no checkpoint of its own: its room's snapshot keeps the inputs and presses it took, and a
/// fresh app restored from them shows the same state.
@MainActor
@Suite struct DefaultCheckpointTests {
    final class Counter: ObservableObject {
        var count = 0
    }

    struct CounterView: View {
        let counter: Counter
        var body: some View {
            Text("Count: \(counter.count)")
            Button("Add") { counter.count += 1 }
        }
    }

    final class CounterApp: ViewHostedApp {
        enum Input: AppInput, Codable {
            case add(amount: Int)
            static let examples: [(label: String, input: Input)] = [("Add 2", .add(amount: 2))]
        }
        enum Stage: FlowStage {
            case count
            var name: String { "count" }
            var detail: String { "" }
        }
        struct Snapshot: Encodable { let count: Int }

        static let about = AppAbout(id: "counter", title: "Counter", summary: "", sampleFolder: "Counter", articleFiles: [])
        let teaching = Teaching<Stage>(appID: "counter")
        let counter = Counter()
        let host: ViewHost<CounterView>

        init(services: AppServices) { host = ViewHost(CounterView(counter: counter)) }

        func handle(_ input: Input, from source: EventSource) throws(AppError) {
            guard case .add(let amount) = input else { return }
            counter.count += amount
        }

        var snapshot: Snapshot { Snapshot(count: counter.count) }
    }

    static let context = RenderContext(formAction: "/rooms/r/events", actionURL: "/rooms/r/actions")

    func make() -> AnyHostedApp {
        AppRegistration.app(CounterApp.self).make(AppServices(isolation: MainActor.shared, randomSeed: 1, changed: {}, ownBaseURL: "", values: .init()))
    }

    func count(_ app: AnyHostedApp) -> Int { (app.snapshot as? CounterApp.Snapshot)?.count ?? -1 }

    @Test func theInputsAndPressesAnAppTookRebuildIt() async throws {
        let registry = AppRegistry([.app(CounterApp.self)])
        let original = make()
        let html = original.render(Self.context).html
        let control = try #require(html.firstMatch(of: /name="control" value="([^"]*)"/)?.1)
        #expect(original.perform(action: String(control), value: nil) == .performed)
        try original.handle(registry.decode(app: "counter", event: "add", arguments: ["amount": .integer(2)]), from: .http)
        #expect(original.perform(action: String(control), value: nil) == .performed)
        #expect(count(original) == 4)

        let saved = try #require(original.checkpoint())
        let copy = make()
        try await copy.restore(saved)
        #expect(count(copy) == 4, "the presses and the input were taken again")
        #expect(copy.checkpoint() == saved, "a restored app writes the same checkpoint")
        await #expect(throws: CheckpointError.self) { try await make().restore(#"[{"action":"nowhere"}]"#) }
        await #expect(throws: CheckpointError.self, "an answer to an effect it never started") {
            try await make().restore(#"[{"outcome":{"effect":1,"label":"load","value":"1"}}]"#)
        }
    }

    @Test func anAppThatTookMoreThanTheLimitWritesNoCheckpoint() throws {
        let registry = AppRegistry([.app(CounterApp.self)])
        let app = make()
        let add = try registry.decode(app: "counter", event: "add", arguments: ["amount": .integer(1)])
        for _ in 1...100 { try app.handle(add, from: .http) }
        #expect(app.checkpoint() != nil, "100 inputs fit")
        for _ in 101...10_000 { try app.handle(add, from: .http) }
        #expect(app.checkpoint() == nil, "10,000 inputs outgrow it (steps or bytes): the room replays its journal instead")
        try app.handle(add, from: .http)
        #expect(app.checkpoint() == nil && count(app) == 10_001, "the app goes on; only its checkpoint is gone")
    }
}
