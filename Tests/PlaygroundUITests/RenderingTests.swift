import Testing
@testable import PlaygroundUI

@Suite struct RenderingTests {
    /// A spacing of 8 (the stylesheet's gap) and none are drawn alike, without a style.
    @Test func stacksWithAlignmentAndSpacing() {
        let view = VStack(alignment: .leading, spacing: 12) {
            Text("a")
            HStack(alignment: .bottom, spacing: 8) {
                Text("b"); Spacer()
            }
            ZStack {
                Color.clear; ProgressView()
            }
        }
        #expect(
            html(view) == #"<div class="vstack align-leading" style="gap:12px"><span class="text">a</span>"#
                + #"<div class="hstack align-bottom"><span class="text">b</span><div class="spacer"></div></div>"#
                + #"<div class="zstack"><div class="color" style="background-color:transparent"></div>"#
                + #"<progress></progress></div></div>"#)
    }

    @Test func modifiersGoOnTheOutermostElementWithoutWrappers() {
        let view = Text("Hi").font(.largeTitle).bold().foregroundColor(.white).padding().background(.teal)
            .frame(width: 120, height: 40.5).ignoresSafeArea()
        #expect(
            html(view) == #"<span class="text font-largeTitle bold padding" "#
                + #"style="color:#ffffff;background-color:#008299;width:120px;height:40.5px">Hi</span>"#)
    }

    @Test func innerModifierWinsForTheSameProperty() {
        #expect(
            html(Text("x").foregroundColor(.red).foregroundColor(.blue))
                == #"<span class="text" style="color:#d70015">x</span>"#)
        #expect(
            html(Text("x").frame(maxWidth: .infinity, maxHeight: 50).padding(12.5))
                == #"<span class="text" style="width:100%;max-height:50px;padding:12.5px">x</span>"#)
    }

    @Test func modifierOnAGroupAppliesToEachView() {
        let view = Group {
            Text("a"); Text("b")
        }.bold()
        #expect(html(view) == #"<span class="text bold">a</span><span class="text bold">b</span>"#)
    }

    @Test func conditionalsOptionalsAndEmpty() {
        struct Choice: View {
            let pick: Int
            var body: some View {
                switch pick {
                case 0: Text("zero")
                case 1: Color.black
                default: EmptyView()
                }
                if pick == 0 { Text("only zero") }
            }
        }
        #expect(html(Choice(pick: 0)) == #"<span class="text">zero</span><span class="text">only zero</span>"#)
        #expect(html(Choice(pick: 1)) == #"<div class="color" style="background-color:#000000"></div>"#)
        #expect(html(Choice(pick: 2)) == "")
    }

    @Test func buttonIsAFormPostingItsControlIDWithTheEnvironmentStyle() {
        let view = VStack {
            Button("Go") {}
            Button {} label: { Text("Plain") }.buttonStyle(.plain)
        }
        .buttonStyle(.bordered)
        let context = RenderContext(formAction: "/rooms/r1/events", actionURL: "/rooms/r1/actions", actionFields: [FormField("app", "ev")])
        let form = #"<form id="c*" class="button-form" method="post" action="/rooms/r1/actions"><input type="hidden" name="app" value="ev">"#
            + #"<input type="hidden" name="control" value="*">"#
        #expect(
            maskingMadeIDs(ViewHost(view).render(context).html) == #"<div class="vstack">"# + form
                + #"<button class="button button-bordered" type="submit"><span class="text">Go</span></button></form>"# + form
                + #"<button class="button button-plain" type="submit"><span class="text">Plain</span></button></form></div>"#)
    }

    @Test func listWrapsEachChildInARow() {
        struct Item: Identifiable { let id: Int; let name: String }
        let items = [Item(id: 1, name: "one"), Item(id: 2, name: "two")]
        let view = List {
            Text("header")
            ForEach(items) { item in Text(item.name).bold() }
        }
        // Rows of a ForEach carry ids made from their elements' ids; a list of nothing but them carries its own.
        #expect(
            maskingMadeIDs(html(view)) == #"<ul class="list"><li><span class="text">header</span></li>"#
                + #"<li id="r*"><span class="text bold">one</span></li>"#
                + #"<li id="r*"><span class="text bold">two</span></li></ul>"#)
        #expect(
            maskingMadeIDs(html(List(items, id: \.id) { Text($0.name) }))
                == #"<ul id="k*" class="list"><li id="r*"><span class="text">one</span></li>"#
                + #"<li id="r*"><span class="text">two</span></li></ul>"#)
    }

    @Test func pageTabViewDrawsEveryTabAndMarksTheSelectedOne() {
        enum Tab { case first, second }
        let view = TabView(selection: .constant(Tab.second)) {
            Text("1").tag(Tab.first)
            Text("2").tag(Tab.second)
            Text("untagged")
        }
        .tabViewStyle(.page)
        #expect(
            html(view) == #"<div class="tabview tabview-page"><div class="tab" data-tag="first"><span class="text">1</span></div>"#
                + #"<div class="tab tab-selected" data-tag="second"><span class="text">2</span></div>"#
                + #"<div class="tab"><span class="text">untagged</span></div></div>"#)
    }

    @Test func fragmentsAreTheOutermostIdentifiedElements() {
        let view = VStack {
            VStack { Text("inner").id("inner") }.id("outer")
            Text("solo").id(7)
            Group {
                Text("a"); Text("b")
            }.id("pair")
            EmptyView().id("nothing")
        }
        let rendered = ViewHost(view).render(context)
        #expect(rendered.fragments.map(\.id) == ["outer", "7", "pair"])
        #expect(
            rendered.fragments[0].html
                == #"<div id="outer" class="vstack"><span id="inner" class="text">inner</span></div>"#)
        #expect(
            rendered.fragments[2].html
                == #"<div id="pair" class="group"><span class="text">a</span><span class="text">b</span></div>"#)
    }

    @Test func environmentFlowsDownAndCanBeOverridden() {
        struct Shown: View {
            @Environment(\.buttonStyle) var style
            var body: some View { Text(style == .bordered ? "bordered" : "other") }
        }
        let view = VStack {
            Shown(); Shown().buttonStyle(.plain)
        }.buttonStyle(.bordered)
        #expect(html(view) == #"<div class="vstack"><span class="text">bordered</span><span class="text">other</span></div>"#)
    }

    @Test func colorValues() {
        let color = Color(red: 1, green: 0.5, blue: 0)
        #expect(color.hex == "#ff8000")
        #expect(color.description == "#ff8000")
        #expect(Color.teal.description == "teal")
        #expect(Color.teal.hex == "#008299")
        #expect(Color(red: 2, green: -1, blue: 0.0).hex == "#ff0000")
        #expect(
            html(Color(red: 0, green: 0, blue: 1, opacity: 0.5))
                == #"<div class="color" style="background-color:rgba(0,0,255,0.5)"></div>"#)
    }
}

extension RenderingTests {
    @Test func modifierStyleOverridesTheElementsOwnStyle() {
        #expect(
            html(Color.white.background(.black).padding(4))
                == #"<div class="color" style="background-color:#000000;padding:4px"></div>"#)
    }
}
