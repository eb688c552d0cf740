import Testing

@testable import PlaygroundUI

/// A view type's info is made once per process and shared by every host (a room's hosts made ~200 each); what one
/// host inspects stays that host's.
@Suite struct SharedTypeInfoTests {
    struct Leaf: View {
        let label: String
        var body: some View { Text(label) }
    }

    struct Root: View {
        var body: some View {
            VStack {
                Leaf(label: "a")
                Leaf(label: "b")
            }
        }
    }

    @Test func hostsShareOneInfoPerTypeAndKeepTheirOwnInspectedTypes() {
        let inspecting = ViewHost(Root(), inspecting: [Leaf.self])
        let plain = ViewHost(Root())
        let context = RenderContext(formAction: "/rooms/x/events")
        #expect(inspecting.render(context).html == plain.render(context).html)
        #expect(inspecting.store.info(for: Leaf.self) === plain.store.info(for: Leaf.self))
        #expect(inspecting.store.info(for: Root.self) === ViewTypeInfo.shared(Root.self))
        // The inspecting host keeps its leaves' latest values; the other, drawing the same shared infos, keeps none.
        #expect(inspecting.view(Leaf.self)?.label == "a")
        #expect(inspecting.store.orderedPositions.contains { inspecting.store.latestValue(at: $0) != nil })
        #expect(!plain.store.orderedPositions.contains { plain.store.latestValue(at: $0) != nil })
    }
}
