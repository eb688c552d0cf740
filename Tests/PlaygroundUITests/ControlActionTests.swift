import PlaygroundUI
import Testing

/// Controls that hold closures, as in SwiftUI: each keeps its closure at its view's position, its form posts the
/// position's action id, and the host runs the closure when a page posts it.
@Suite("Controls with closures")
struct ControlActionTests {
    let actions = RenderContext(formAction: "/rooms/r1/events", actionURL: "/rooms/r1/actions", actionFields: [FormField("app", "t")])

    struct CounterView: View {
        @State var count = 0
        var body: some View {
            VStack {
                Text("count \(count)").id("t-count")
                Button("Add") { count += 1 }
                Button(role: .destructive) { count = 0 } label: { Text("Reset") }
            }
        }
    }

    /// The action id of the first form of `kind` in `html`.
    func actionIDs(_ html: String) -> [String] {
        html.matches(of: /name="control" value="([^"]*)"/).map { String($0.1) }
    }

    @Test func aButtonsClosureRunsWhenItsActionIsPosted() throws {
        let host = ViewHost(CounterView())
        let first = host.render(actions).html
        #expect(maskingMadeIDs(first).contains(#"<form id="c*" class="button-form" method="post" action="/rooms/r1/actions"><input type="hidden" name="app" value="t"><input type="hidden" name="control" value="*">"#))
        #expect(first.contains(#"<button class="button button-destructive" type="submit">"#))
        let ids = actionIDs(first)
        #expect(ids.count == 2 && Set(ids).count == 2, "each button has its own id: \(ids)")
        #expect(host.perform(action: ids[0], value: nil) == .performed)
        #expect(host.perform(action: ids[0], value: nil) == .performed)
        let second = host.render(actions).html
        #expect(second.contains("count 2"))
        #expect(actionIDs(second) == ids, "an action id is stable across renders")
        #expect(host.perform(action: ids[1], value: nil) == .performed)
        #expect(host.render(actions).html.contains("count 0"))
    }

    struct Items: View {
        @State var taps: [String] = []
        let names: [String]
        var body: some View {
            VStack {
                Text(taps.joined(separator: ",")).id("t-taps")
                ForEach(names, id: \.self) { name in
                    Button(name) { taps.append(name) }
                }
            }
        }
    }

    @Test func closuresInAForEachEachCaptureTheirOwnElement() {
        let host = ViewHost(Items(names: ["a", "b", "c"]))
        let ids = actionIDs(host.render(actions).html)
        #expect(ids.count == 3 && Set(ids).count == 3)
        #expect(host.perform(action: ids[2], value: nil) == .performed)
        #expect(host.perform(action: ids[0], value: nil) == .performed)
        #expect(host.render(actions).html.contains(">c,a<"))
    }

    final class Flags {
        var showButton = true
    }

    struct Vanishing: View {
        let flags: Flags
        @State var presses = 0
        var body: some View {
            VStack {
                Text("presses \(presses)").id("t-presses")
                if flags.showButton { Button("Press") { presses += 1 } }
            }
        }
    }

    @Test func anActionWhoseViewLeftTheTreeIsStaleAndChangesNothing() {
        let flags = Flags()
        let host = ViewHost(Vanishing(flags: flags))
        let id = actionIDs(host.render(actions).html)[0]
        flags.showButton = false
        #expect(!host.render(actions).html.contains("name=\"control\""))
        guard case .stale(let message) = host.perform(action: id, value: nil) else {
            Issue.record("expected stale")
            return
        }
        #expect(message.contains("Reload"))
        #expect(host.perform(action: "/no/such/<id>", value: nil) != .performed)
        #expect(host.render(actions).html.contains("presses 0"))
    }

    struct Search: View {
        @State var query = ""
        @State var committed: [String] = []
        var body: some View {
            VStack {
                TextField("Search", text: $query, onCommit: { committed.append(query) })
                Text(committed.joined(separator: "|")).id("t-committed")
            }
        }
    }

    @Test func aTextFieldWritesItsBindingThenCallsOnCommit() {
        let host = ViewHost(Search())
        let html = host.render(actions).html
        #expect(html.contains(#"<input class="textfield" type="text" name="value" value="" placeholder="Search">"#))
        let id = actionIDs(html)[0]
        #expect(host.perform(action: id, value: "the <matrix>") == .performed)
        let after = host.render(actions).html
        #expect(after.contains(#"value="the &lt;matrix&gt;""#), "the binding holds what was typed, escaped")
        #expect(after.contains(">the &lt;matrix&gt;<"), "onCommit saw the new text")
        for bad in ["a\u{7}b", String(repeating: "x", count: 1_001)] {
            guard case .invalid = host.perform(action: id, value: bad) else {
                Issue.record("\(bad.prefix(10)) accepted")
                continue
            }
        }
        if case .performed = host.perform(action: id, value: nil) { Issue.record("no value accepted") }
        #expect(host.render(actions).html.contains(">the &lt;matrix&gt;<"), "refused text changed nothing")
    }

    struct Switch: View {
        @State var on = false
        var body: some View {
            Toggle("Loud <b>", isOn: $on)
        }
    }

    @Test func aToggleFlipsItsBindingAndRefusesOtherValues() {
        let host = ViewHost(Switch())
        let html = host.render(actions).html
        #expect(html.contains(#"<input type="hidden" name="value" value="true"><button class="toggle" type="submit" role="switch" aria-checked="false">Loud &lt;b&gt;</button>"#))
        let id = actionIDs(html)[0]
        #expect(host.perform(action: id, value: "maybe") == .invalid("A toggle takes the value true or false."))
        #expect(host.perform(action: id, value: "true") == .performed)
        #expect(host.render(actions).html.contains(#"aria-checked="true""#))
    }

    enum Flavor: Hashable, CustomStringConvertible {
        case vanilla, chocolate
        var description: String { self == .vanilla ? "vanilla" : "chocolate" }
    }

    struct Menu: View {
        @State var flavor = Flavor.vanilla
        var body: some View {
            VStack {
                Text("picked \(flavor)").id("t-flavor")
                Picker("Flavor <b>", selection: $flavor) {
                    Text("Vanilla").tag(Flavor.vanilla)
                    Text("Chocolate").tag(Flavor.chocolate)
                }
            }
        }
    }

    @Test func aPickerPostsItsOptionsIndexesAndRefusesOthers() {
        let host = ViewHost(Menu())
        let html = host.render(actions).html
        #expect(html.contains(#"<span class="picker-title">Flavor &lt;b&gt;</span>"#))
        #expect(html.contains(#"<button class="picker-option picker-option-selected" type="submit" name="value" value="0" aria-pressed="true"><span class="text">Vanilla</span></button>"#))
        #expect(html.contains(#"<button class="picker-option" type="submit" name="value" value="1" aria-pressed="false">"#))
        let id = actionIDs(html)[0]
        #expect(host.perform(action: id, value: "1") == .performed)
        let after = host.render(actions).html
        #expect(after.contains("picked chocolate") && after.contains(#"value="1" aria-pressed="true""#))
        for refused in ["2", "-1", "01", "+1", " 1", "chocolate", "", "99999999999999999999"] {
            #expect(host.perform(action: id, value: refused) == .invalid("This picker takes the index of one of its 2 options, 0 to 1."), "\(refused)")
        }
        #expect(host.perform(action: id, value: nil) != .performed)
        #expect(host.render(actions).html.contains("picked chocolate"))
    }
}
