import OpenCombine
import Testing
@testable import PlaygroundUI

/// Pins the renderer's fast paths (per-type caches, interned paths, byte output) to the behaviour of the
/// plain `Mirror` walk: the same properties are linked, in the same slots, and the same bytes come out.
@Suite struct RenderFastPathTests {
    /// A dynamic property holding dynamic properties: the outer one takes slot 0, its fields 1 and 2.
    @propertyWrapper struct Pair: DynamicProperty {
        @State var first = 1
        @State var second = "x"
        var wrappedValue: String { "\(first)\(second)" }
        func link(to slot: DynamicPropertySlot) {}
    }

    class Base {}
    final class CountingProperty: Base, DynamicProperty {
        var links = 0
        func link(to slot: DynamicPropertySlot) { links += 1 }
    }

    struct Rich: View {
        @Pair var pair
        @State var number = 2.5
        let model: Base
        var optionalState: State<Int>?
        var erased: any DynamicProperty
        weak var weakModel: Base?
        let ticks: PassthroughSubject<String, Never>
        var body: some View {
            Text("\(pair) \(number) \(optionalState?.wrappedValue ?? -1)")
                .onReceive(ticks) { tick in
                    number += 1
                    _pair.first += 1
                    optionalState?.wrappedValue += 10
                    if let state = erased as? State<String> { state.wrappedValue += tick }
                }
        }
    }

    struct Hidden: View, CustomReflectable {
        @State var count = 0
        let ticks: PassthroughSubject<String, Never>
        var customMirror: Mirror { Mirror(self, children: [:]) }
        var body: some View { Text("hidden \(count)").onReceive(ticks) { _ in count += 1 } }
    }

    struct Generic<Value>: View {
        let label: String
        @State var value: Value
        var body: some View { Text("\(label): \(value)") }
    }

    @Test func nestedOptionalErasedAndClassPropertiesAreLinkedLikeTheMirrorWalk() {
        let ticks = PassthroughSubject<String, Never>()
        let counting = CountingProperty()
        let plain = Base()
        let view = VStack {
            Rich(model: counting, optionalState: State(initialValue: 5), erased: State(initialValue: "e"), weakModel: counting, ticks: ticks)
            Rich(model: plain, optionalState: nil, erased: State(initialValue: "f"), weakModel: nil, ticks: ticks)
            Hidden(ticks: ticks)
            Generic(label: "g", value: [1, 2])
        }
        let host = ViewHost(view)
        _ = host.render(context)
        ticks.send("!")
        ticks.send("?")
        let rendered = host.render(context).html
        #expect(
            rendered == #"<div class="vstack"><span class="text">3x 4.5 25</span><span class="text">3x 4.5 -1</span>"#
                + #"<span class="text">hidden 2</span><span class="text">g: [1, 2]</span></div>"#)
        #expect(counting.links == 4)  // as a class field and through the weak reference, on each of two renders
        #expect(
            host.stateValues.map { "\($0.property)=\($0.value)" }
                == ["first=3", "second=x", "number=4.5", "optionalState=25", "erased=e!?", "first=3", "second=x", "number=4.5",
                    "erased=f!?", "value=[1, 2]"])
        #expect(host.stateValues.map(\.path) == ["/0/0/T", "/0/0/T", "/0/0/T", "/0/0/T", "/0/0/T", "/0/1/T", "/0/1/T", "/0/1/T", "/0/1/T", "/0/3/T"])
        host.unmount()
        #expect(host.livePositionCount == 0)
    }

    struct Item: Identifiable {
        let id: Int
        let name: String
    }

    final class Model {
        var items = [Item(id: 1, name: "Fish & \"chips\""), Item(id: 2, name: "<b>'bold'</b>\0")]
        var tab = 2
        var alert = false
        var styled = true
    }

    struct Page: View {
        let model: Model
        @State var tab = 2
        @State var alert: Bool = true
        var body: some View {
            VStack(alignment: .trailing, spacing: 4) {
                TabView(selection: $tab) {
                    Text("one").tag(1)
                    Group {
                        Text("two a")
                        Text("two b")
                    }.tag(2).id("tab-two")
                    AnyView(Color(red: 0.2, green: 0.4, blue: 0.6, opacity: 0.5)).tag(3)
                }
                .tabViewStyle(.page)
                List(model.items, id: \.id) { item in
                    HStack {
                        Text(item.name).bold()
                        Spacer()
                    }
                    .foregroundColor(model.styled ? .red : nil)
                    .id(item.id)
                }
                Group {
                    Text("x").font(.caption)
                    Text("y")
                }
                .id("both")
                .padding(3)
                .foregroundColor(.blue)
                TextField("Prompt \"p\"", text: .constant("v&v"), submitLabel: "Go & go")
                ProgressView().frame(maxWidth: .infinity)
            }
            .background(.gray)
            .alert(isPresented: $alert) {
                Alert(title: Text("Oh <no>"), message: Text("msg"), dismissButton: .cancel(Text("Back")))
            }
        }
    }

    @Test func aRichPageRendersTheSameBytesAndFragments() {
        let model = Model()
        let whole = ViewHost(Page(model: model).id("page")).render(context)
        #expect(maskingMadeIDs(whole.html) == #"<div id="page" class="group">"# + Self.richHTML + "</div>")
        #expect(whole.fragments.map(\.id) == ["page"])
        #expect(whole.fragments.first?.html == whole.html)
        let host = ViewHost(Page(model: model))
        let first = host.render(context)
        #expect(maskingMadeIDs(first.html) == Self.richHTML)
        // The list holds the rows (and their `.id`s): it is the fragment, its rows and their ids nodes inside it.
        #expect(first.fragments.map { maskingMadeIDs(#" id="\#($0.id)""#) } == [#" id="tab-two""#, #" id="k*""#, #" id="both""#, #" id="c*""#, #" id="a*""#])
        #expect(first.nodes.map { maskingMadeIDs(#" id="\#($0.id)""#) }.filter { !$0.contains("*") } == [#" id="tab-two""#, #" id="1""#, #" id="2""#, #" id="both""#])
        for fragment in first.fragments {
            #expect(first.html.contains(#" id=""# + fragment.id + "\""))
            #expect(fragment.html.hasPrefix(#"<"#) && fragment.html.contains(#" id=""# + fragment.id + "\""))
        }
        #expect(first.fragments[2].html == #"<div id="both" class="group" style="padding:3px;color:#0040dd">"#
            + #"<span class="text font-caption">x</span><span class="text">y</span></div>"#)
        model.items.reverse()
        model.styled = false
        let second = host.render(context)
        #expect(maskingMadeIDs(second.html).contains(#"<li id="r*"><div id="2" class="hstack">"#))
        #expect(host.livePositionCount == 4, "with the field and the alert's button, whose closures live at their positions")
    }

    static let richHTML =
        #"<div class="vstack align-trailing" style="gap:4px;background-color:#6c6c70">"#
        + #"<div class="tabview tabview-page"><div class="tab" data-tag="1"><span class="text">one</span></div>"#
        + #"<div class="tab"><div id="tab-two" class="group"><span class="text">two a</span>"#
        + #"<span class="text">two b</span></div></div><div class="tab" data-tag="3">"#
        + #"<div class="color" style="background-color:rgba(51,102,153,0.5)"></div></div></div><ul id="k*" class="list">"#
        + #"<li id="r*"><div id="1" class="hstack" style="color:#d70015">"#
        + #"<span class="text bold">Fish &amp; &quot;chips&quot;</span><div class="spacer"></div></div></li>"#
        + #"<li id="r*"><div id="2" class="hstack" style="color:#d70015">"#
        + #"<span class="text bold">&lt;b&gt;&#39;bold&#39;&lt;/b&gt;\#u{FFFD}</span><div class="spacer"></div></div>"#
        + #"</li></ul><div id="both" class="group" style="padding:3px;color:#0040dd">"#
        + #"<span class="text font-caption">x</span><span class="text">y</span></div>"#
        + #"<form id="c*" class="textfield-form" method="post" action="/rooms/r1/events"><input type="hidden" name="control" value="*">"#
        + #"<input class="textfield" type="text" name="value" value="v&amp;v" placeholder="Prompt &quot;p&quot;">"#
        + #"<button class="button" type="submit">Go &amp; go</button></form>"#
        + #"<progress style="width:100%"></progress></div>"#
        + #"<div id="a*" class="alert" role="alertdialog" aria-modal="true" aria-label="Oh &lt;no&gt;">"#
        + #"<span class="text alert-title">Oh &lt;no&gt;</span><span class="text alert-message">msg</span>"#
        + #"<form id="c*" class="button-form" method="post" action="/rooms/r1/events"><input type="hidden" name="control" value="*">"#
        + #"<button class="button alert-button alert-button-cancel" type="submit"><span class="text">Back</span>"#
        + #"</button></form></div>"#
}
