import OpenCombine
import Testing
@testable import PlaygroundUI

/// `@State` and `.onReceive` live exactly as long as their structural position.
@Suite struct IdentityTests {
    struct Root: View {
        let inputs: Inputs
        let ticks: PassthroughSubject<String, Never>
        var body: some View {
            VStack {
                if inputs.showFirst { Counter(label: "first", ticks: ticks) }
                Counter(label: "second", ticks: ticks)
                ForEach(inputs.order, id: \.self) { name in Counter(label: name, ticks: ticks) }
                Counter(label: "ided", ticks: ticks).id(inputs.identity)
                if inputs.erasedAsStack {
                    AnyView(VStack { Counter(label: "erased", ticks: ticks) })
                } else {
                    AnyView(HStack { Counter(label: "erased", ticks: ticks) })
                }
            }
        }
    }

    let inputs = Inputs()
    let ticks = PassthroughSubject<String, Never>()

    func texts(_ host: ViewHost<Root>) -> [String] {
        host.stateValues.map { "\($0.view == Counter.self ? "" : "?")\($0.value)" }
    }

    @Test func stateSurvivesReRenderAndStaysPerPosition() {
        let host = ViewHost(Root(inputs: inputs, ticks: ticks))
        _ = host.render(context)
        ticks.send("first")
        ticks.send("second")
        ticks.send("second")
        let rendered = host.render(context).html
        #expect(rendered.contains(">first=1<"))
        #expect(rendered.contains(">second=2<"))
        #expect(rendered.contains(">a=0<"))
        _ = host.render(context)
        #expect(host.render(context).html.contains(">second=2<"))
    }

    @Test func stateIsForgottenWhenThePositionDisappears() {
        let host = ViewHost(Root(inputs: inputs, ticks: ticks))
        _ = host.render(context)
        ticks.send("first")
        inputs.showFirst = false
        #expect(!host.render(context).html.contains("first="))
        ticks.send("first")  // nobody listens any more
        inputs.showFirst = true
        #expect(host.render(context).html.contains(">first=0<"))
    }

    @Test func forEachStateFollowsTheElementId() {
        let host = ViewHost(Root(inputs: inputs, ticks: ticks))
        _ = host.render(context)
        ticks.send("b")
        inputs.order = ["c", "b"]
        let rendered = host.render(context).html
        #expect(maskingMadeIDs(rendered).contains(#"<span id="r*" class="text">c=0</span><span id="r*" class="text">b=1</span>"#))
        inputs.order = ["a", "b"]
        let next = host.render(context).html
        #expect(maskingMadeIDs(next).contains(#"<span id="r*" class="text">a=0</span><span id="r*" class="text">b=1</span>"#))
        // A row's element id is made from its element's id, like its state: b's row keeps it, a's is another.
        let rowID = { (text: String, html: String) in
            html.firstMatch(of: try! Regex(#"id="(r[^"]+)" class="text">"# + text))?.output[1].substring
        }
        #expect(rowID("b=1", rendered) != nil && rowID("b=1", rendered) == rowID("b=1", next))
        #expect(rowID("c=0", rendered) != nil && rowID("c=0", rendered) != rowID("a=0", next))
    }

    /// A row's made id follows the prefix of each render's context: a room restoring an app draws it first with a
    /// context of its own (no prefix), and the rows drawn then must not keep that id.
    @Test func aRowsIDTakesThePrefixOfEachRender() {
        let host = ViewHost(ForEach(["a", "b"], id: \.self) { Text($0) })
        let bare = host.render(RenderContext(formAction: ""))
        let prefixed = host.render(RenderContext(formAction: "", idPrefix: "vvsi-"))
        let ids = { (html: String) in html.matches(of: /<span id="([^"]+)"/).map { String($0.1) } }
        #expect(ids(bare.html).count == 2 && ids(bare.html).allSatisfy { $0.hasPrefix("r") })
        #expect(ids(prefixed.html) == ids(bare.html).map { "vvsi-" + $0 })
    }

    @Test func aNewExplicitIdOrErasedTypeIsANewView() {
        let host = ViewHost(Root(inputs: inputs, ticks: ticks))
        _ = host.render(context)
        ticks.send("ided")
        ticks.send("erased")
        #expect(host.render(context).html.contains(">ided=1<"))
        #expect(host.render(context).html.contains(">erased=1<"))
        inputs.identity = 2
        inputs.erasedAsStack = true
        let rendered = host.render(context).html
        #expect(rendered.contains(">ided=0<"))
        #expect(rendered.contains(">erased=0<"))
    }

    @Test func stateValuesAreReportedInRenderOrder() {
        let host = ViewHost(Root(inputs: inputs, ticks: ticks), inspecting: [Counter.self])
        _ = host.render(context)
        ticks.send("*")
        #expect(host.stateValues.map(\.property) == Array(repeating: "count", count: 7))
        #expect(host.stateValues.compactMap { $0.value as? Int } == Array(repeating: 1, count: 7))
        #expect(host.view(Counter.self)?.count == 1)
    }

    @Test func onReceiveSubscribesOncePerPositionAndIsCancelledWithIt() {
        struct Listener: View {
            let publisher: AnyPublisher<String, Never>
            let log: (String) -> Void
            var body: some View { EmptyView().onReceive(publisher, perform: log) }
        }
        struct Holder: View {
            let inputs: Inputs
            let counter: SubscriptionCounter
            let log: (String) -> Void
            var body: some View {
                if inputs.showFirst { Listener(publisher: counter.publisher, log: log) }
            }
        }
        let counter = SubscriptionCounter()
        var received: [String] = []
        let host = ViewHost(Holder(inputs: inputs, counter: counter, log: { received.append($0) }))
        for _ in 0..<5 { _ = host.render(context) }
        #expect(counter.live == 1)
        counter.subject.send("x")
        #expect(received == ["x"])
        inputs.showFirst = false
        _ = host.render(context)
        #expect(counter.live == 0)
        counter.subject.send("y")
        #expect(received == ["x"])
        inputs.showFirst = true
        _ = host.render(context)
        #expect(counter.live == 1)
        host.unmount()
        #expect(counter.live == 0)
        #expect(host.livePositionCount == 0)
    }

    @Test func bindingsWriteThroughToState() {
        struct Form: View {
            @State var text = "start"
            let ticks: PassthroughSubject<String, Never>
            var body: some View {
                TextField("Prompt", text: $text)
                    .onReceive(ticks) { $text.wrappedValue = $0 }
            }
        }
        let host = ViewHost(Form(ticks: ticks))
        #expect(host.render(context).html.contains(#"value="start""#))
        ticks.send("typed <text>")
        #expect(
            maskingMadeIDs(host.render(context).html)
                == #"<form id="c*" class="textfield-form" method="post" action="/rooms/r1/events"><input type="hidden" name="control" value="*">"#
                + #"<input class="textfield" type="text" name="value" value="typed &lt;text&gt;" placeholder="Prompt"></form>"#)
    }
}
