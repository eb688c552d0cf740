import PlaygroundUI
import Testing

/// Controls holding closures, beyond the basics in ``ControlActionTests``: their exact HTML, the action ids, and
/// closures of views that are drawn from their last output.
@Suite("Controls with closures: HTML, ids and reused views")
struct ControlClosureTests {
    static let actions = RenderContext(formAction: "/rooms/r1/events", actionURL: "/rooms/r1/actions", actionFields: [FormField("app", "t")])

    /// The action ids of the controls in `html`, in document order.
    static func actionIDs(_ html: String) -> [String] {
        html.matches(of: /name="control" value="([^"]*)"/).map { String($0.1) }
    }

    /// Plain data with its own state: drawn from its last output while neither changes.
    struct Tally: View {
        let name: String
        @State var count = 0
        var body: some View {
            HStack {
                Text("\(name) \(count)")
                Button("+") { count += 1 }
            }
        }
    }

    struct TwoTallies: View {
        @State var other = 0
        var body: some View {
            VStack {
                Text("other \(other)")
                Button("other") { other += 1 }
                Tally(name: "kept")
            }
        }
    }

    @Test func aViewDrawnFromItsLastOutputDrawsTheFormsOfTheContextItIsGiven() {
        let host = ViewHost(Tally(name: "t"))
        _ = host.render(Self.actions)
        let moved = RenderContext(formAction: "/rooms/r1/events", actionURL: "/rooms/r2/actions", actionFields: [FormField("app", "u")])
        let html = host.render(moved).html
        #expect(html.contains(#"action="/rooms/r2/actions"><input type="hidden" name="app" value="u">"#), "\(html)")
        #expect(!html.contains("r1/actions"))
    }
}
