import PlaygroundUI
import RoomServices
import Testing

@testable import AppSeam

/// The pitfall pane under an app's view is drawn again only when a switch moved or the render context changed; any
/// other render reuses its last drawing, which must then be exactly what drawing it again would give.
@MainActor
@Suite struct PitfallPaneRenderTests {
    final class Counter {
        var count = 0
    }

    struct CounterView: View {
        let counter: Counter
        var body: some View { Text("Count: \(counter.count)") }
    }

    final class CounterApp: ViewHostedApp, PitfallHostingApp {
        enum Input: AppInput, Codable {
            case add
            static let examples: [(label: String, input: Input)] = [("Add", .add)]
        }
        enum Stage: FlowStage {
            case count
            var name: String { "count" }
            var detail: String { "" }
        }
        struct Snapshot: Encodable { let count: Int }

        static let about = AppAbout(id: "counter", title: "Counter", summary: "", sampleFolder: "Counter", articleFiles: [])
        let teaching = Teaching<Stage>(appID: "counter")
        let pitfalls = PitfallSwitches([
            Pitfall(name: "the-bug", articleCode: "a()", goesWrong: "it breaks", fix: "it does not", fixFile: "X/A.swift", fixLines: 1...2, bites: "bit")
        ])
        var pitfallSwitches: PitfallSwitches { pitfalls }
        let counter = Counter()
        let host: ViewHost<CounterView>

        init() {
            host = ViewHost(CounterView(counter: counter))
            pitfalls.switched = { [pitfalls] on, name in pitfalls.set(on, pitfall: name) }
        }

        convenience init(services: AppServices) { self.init() }

        func handle(_ input: Input, from source: EventSource) throws(AppError) { counter.count += 1 }

        var snapshot: Snapshot { Snapshot(count: counter.count) }
    }

    static let context = RenderContext(formAction: "/rooms/r/events", actionURL: "/rooms/r/actions")

    /// What a fresh app in the same state draws: the pane drawn from scratch.
    func fresh(on: Bool, count: Int, _ context: RenderContext = Self.context) -> String {
        let base = CounterApp()
        base.counter.count = count
        base.pitfalls.set(on)
        return AnyHostedApp(base).render(context).html
    }

    @Test func thePaneFollowsItsSwitchesAndTheContext() throws {
        let registry = AppRegistry([.app(CounterApp.self)])
        let base = CounterApp()
        let app = AnyHostedApp(base)
        let first = app.render(Self.context).html
        #expect(first.contains(#"<div id="counter-pitfall""#) && !first.contains("Pitfall on"))
        try app.handle(registry.decode(app: "counter", event: "add", arguments: [:]), from: .http)
        let added = app.render(Self.context).html
        #expect(added.contains("Count: 1") && added == fresh(on: false, count: 1))

        // A switch set by an input (HTTP's setPitfall, which the app's `handle` passes on), not by the pane's control.
        base.pitfalls.set(true)
        let on = app.render(Self.context).html
        #expect(on.contains("Pitfall on (the-bug)") && on == fresh(on: true, count: 1))

        let elsewhere = RenderContext(formAction: "/rooms/s/events", actionURL: "/rooms/s/actions")
        let moved = app.render(elsewhere).html
        #expect(!moved.contains("/rooms/r/") && moved == fresh(on: true, count: 1, elsewhere))

        // The pane's own toggle, pressed on the page.
        let before = String(moved[..<(moved.range(of: "Run the article")?.lowerBound ?? moved.endIndex)])
        let control = try #require(before.matches(of: /name="control" value="([^"]*)"/).last.map { String($0.1) })
        #expect(app.perform(action: control, value: "false") == .performed)
        let off = app.render(elsewhere).html
        #expect(!off.contains("Pitfall on") && off == fresh(on: false, count: 1, elsewhere))

        app.unmount()
        #expect(app.render(elsewhere).html == off, "drawn again after an unmount")
    }
}
