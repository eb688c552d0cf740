import PlaygroundUI
import Synchronization
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

    /// Body evaluations per name (names are unique per test, so parallel tests do not mix).
    static let evaluations = Mutex<[String: Int]>([:])

    /// Plain data with its own state: drawn from its last output while neither changes.
    struct Tally: View {
        let name: String
        @State var count = 0
        var body: some View {
            ControlClosureTests.evaluations.withLock { $0[name, default: 0] += 1 }
            return HStack {
                Text("\(name) \(count)")
                Button("+") { count += 1 }
            }
        }
    }

    struct TwoTallies: View {
        var name = "kept"
        @State var other = 0
        var body: some View {
            VStack {
                Text("other \(other)")
                Button("other") { other += 1 }
                Tally(name: name)
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

    /// An id whose text (`String(describing:)`) does not tell its values apart, as a class's or a summary's.
    struct Summary: Hashable, CustomStringConvertible {
        let number: Int
        var description: String { "item" }
    }

    struct Summaries: View {
        @State var taps: [Int] = []
        var body: some View {
            VStack {
                Text(taps.map(String.init).joined(separator: ",")).id("taps")
                ForEach([Summary(number: 1), Summary(number: 2), Summary(number: 3)], id: \.self) { item in
                    Button("tap") { taps.append(item.number) }
                }
            }
        }
    }

    @Test func idsThatReadTheSameStillGiveEachControlItsOwnActionID() {
        let host = ViewHost(Summaries())
        let ids = Self.actionIDs(host.render(Self.actions).html)
        #expect(Set(ids).count == 3, "\(ids)")
        for index in [2, 0, 1] { #expect(host.perform(action: ids[index], value: nil) == .performed) }
        #expect(host.render(Self.actions).html.contains(">3,1,2<"))
        #expect(Self.actionIDs(host.render(Self.actions).html) == ids, "stable while the rows stay")
    }

    /// Rows whose ids look like paths: `p` draws its button two levels deeper than `p/1` does, so without escaping
    /// both would be at `…/#p/1/0/0`.
    struct PathLikeIDs: View {
        @State var taps: [String] = []
        var body: some View {
            VStack {
                Text(taps.joined(separator: ",")).id("taps")
                ForEach(["p", "p/1"], id: \.self) { name in
                    if name == "p/1" {
                        Group { Button(name) { taps.append(name) } }
                    } else {
                        Group { Group { Button(name) { taps.append(name) } } }
                    }
                }
            }
        }
    }

    @Test func idsThatLookLikePathsDoNotMakeTwoControlsShareAnActionID() {
        let host = ViewHost(PathLikeIDs())
        let ids = Self.actionIDs(host.render(Self.actions).html)
        #expect(Set(ids).count == 2, "\(ids)")
        #expect(host.perform(action: ids[0], value: nil) == .performed)
        #expect(host.render(Self.actions).html.contains(">p<"))
    }

    struct LongID: View {
        var body: some View {
            ForEach([String(repeating: "long ", count: 100)], id: \.self) { _ in Button("x") {} }
        }
    }

    @Test func anActionIDStaysShortWhateverTheRowsIDIs() {
        let host = ViewHost(LongID())
        let id = Self.actionIDs(host.render(Self.actions).html)[0]
        #expect(id.utf8.count < 100, "\(id)")
        #expect(host.perform(action: id, value: nil) == .performed)
    }

    struct SummaryPicker: View {
        @State var chosen = Summary(number: 1)
        var body: some View {
            VStack {
                Text("chosen \(chosen.number)").id("chosen")
                Picker("Pick", selection: $chosen) {
                    Text("one").tag(Summary(number: 1))
                    Text("two").tag(Summary(number: 2))
                    Text("wrong type").tag("two")
                }
            }
        }
    }

    @Test func aPickerTellsApartTagsThatReadTheSameAndRefusesATagOfAnotherType() {
        let host = ViewHost(SummaryPicker())
        let html = host.render(Self.actions).html
        #expect(!html.contains("item"), "a tag's text does not reach the page")
        let id = Self.actionIDs(html)[0]
        #expect(host.perform(action: id, value: "1") == .performed)
        #expect(host.render(Self.actions).html.contains("chosen 2"))
        #expect(host.perform(action: id, value: "2") == .invalid("This option's tag is not a Summary, so it cannot be chosen."))
        #expect(host.render(Self.actions).html.contains("chosen 2"))
    }

    struct Field: View {
        @State var text = "start"
        @State var commits = 0
        var body: some View {
            VStack {
                TextField("Name", text: $text, onCommit: { commits += 1 })
                Text("\(commits) commits, \(text.unicodeScalars.count) scalars").id("seen")
            }
        }
    }

    @Test func aTextFieldTakesOneLineOfAtMostAThousandScalars() {
        let host = ViewHost(Field())
        let id = Self.actionIDs(host.render(Self.actions).html)[0]
        let tooLong = "e" + String(repeating: "\u{301}", count: 1_000)  // one character, 1,001 scalars
        let refusal = ActionOutcome.invalid(
            "A text field takes one line of text of at most 1000 characters, without control characters or line breaks.")
        for bad in [tooLong, "a\u{85}b", "a\u{2028}b", "tab\there", "line\n", "\u{7F}"] {
            #expect(host.perform(action: id, value: bad) == refusal, "\(bad.unicodeScalars.map(\.value).prefix(3))")
        }
        #expect(host.perform(action: id, value: nil) == .invalid("A text field posts its text as value, and none was given."))
        #expect(host.render(Self.actions).html.contains(">0 commits, 5 scalars<"), "refused posts change nothing")
        #expect(host.perform(action: id, value: String(repeating: "é", count: 1_000)) == .performed)
        #expect(host.render(Self.actions).html.contains(">1 commits, 1000 scalars<"))
        #expect(host.perform(action: id, value: "") == .performed, "an empty field is a line too")
        #expect(host.render(Self.actions).html.contains(">2 commits, 0 scalars<"))
    }

    @Test func aButtonRefusesAValueMeantForAnotherControl() {
        let host = ViewHost(TwoTallies(name: "refusing"))
        let id = Self.actionIDs(host.render(Self.actions).html)[0]
        #expect(host.perform(action: id, value: "x") == .invalid("A button takes no value; its form posts only its control id."))
        #expect(host.render(Self.actions).html.contains("other 0"))
    }

    @Test func aReusedViewsButtonStillRunsItsClosure() {
        let host = ViewHost(TwoTallies())
        let ids = Self.actionIDs(host.render(Self.actions).html)
        #expect(host.perform(action: ids[0], value: nil) == .performed)
        let second = host.render(Self.actions).html
        #expect(second.contains("other 1") && second.contains("kept 0"))
        #expect(Self.evaluations.withLock { $0["kept"] } == 1, "the tally was drawn from its last output")
        #expect(Self.actionIDs(second) == ids)
        #expect(host.perform(action: ids[1], value: nil) == .performed, "its position was revisited, its closure kept")
        #expect(host.render(Self.actions).html.contains("kept 1"))
        #expect(Self.evaluations.withLock { $0["kept"] } == 2)
    }

    final class Box {
        var label = "first"
    }

    /// Captures, in its button's closure, what its body read on the render that drew it.
    struct Labelled: View {
        let box: Box
        @State var log: [String] = []
        var body: some View {
            let label = box.label
            return VStack {
                Text(log.joined(separator: ",")).id("log")
                Button(label) { log.append(label) }
            }
        }
    }

    /// The host keeps no closure between renders (issue #27, memory: a list's rows capture their data in them): a press
    /// draws the tree again and runs the closure the view makes now. A room draws what changed before a press, so that
    /// is the page it last sent; a change no view observes (this box) is seen at the press.
    @Test func aPressRunsTheClosureTheViewMakesNow() {
        let box = Box()
        let host = ViewHost(Labelled(box: box))
        let id = Self.actionIDs(host.render(Self.actions).html)[0]
        box.label = "second"
        #expect(host.perform(action: id, value: nil) == .performed)
        #expect(host.render(Self.actions).html.contains(">second<"), "drawn again at the press, with second")
        box.label = "third"
        #expect(host.perform(action: id, value: nil) == .performed)
        #expect(host.render(Self.actions).html.contains(">second,third<"))
    }

    final class Names {
        var names = ["a", "b"]
    }

    struct Rows: View {
        let names: Names
        @State var taps: [String] = []
        var body: some View {
            VStack {
                Text(taps.joined(separator: ",")).id("taps")
                ForEach(names.names, id: \.self) { name in Button(name) { taps.append(name) } }
            }
        }
    }

    @Test func aRowsActionIDFollowsItsIDNotItsPlace() {
        let names = Names()
        let host = ViewHost(Rows(names: names))
        let before = Self.actionIDs(host.render(Self.actions).html)
        names.names.insert("z", at: 0)
        let after = Self.actionIDs(host.render(Self.actions).html)
        #expect(after.count == 3 && Array(after[1...]) == before, "\(before) → \(after)")
        #expect(host.perform(action: before[1], value: nil) == .performed)
        #expect(host.render(Self.actions).html.contains(">b<"))
        names.names.removeAll { $0 == "b" }
        _ = host.render(Self.actions)
        guard case .stale = host.perform(action: before[1], value: nil) else {
            Issue.record("a removed row's button ran")
            return
        }
        #expect(host.render(Self.actions).html.contains(">b<"), "nothing changed")
    }

    @Test func anIDWithoutAControlOrAfterUnmountIsStale() {
        let host = ViewHost(TwoTallies(name: "stale"))
        let html = host.render(Self.actions).html
        let ids = Self.actionIDs(html)
        let stateHolder = host.stateValues.map(\.path)[0]
        for id in [stateHolder, "/", "", String(repeating: "/0", count: 300), "/T/0/0/<9>"] {
            guard case .stale(let message) = host.perform(action: id, value: nil) else {
                Issue.record("\(id) was not stale")
                continue
            }
            #expect(message.hasPrefix("No control has the action id"))
            #expect(message.utf8.count < 220, "the message quotes at most a little of the id")
        }
        #expect(host.render(Self.actions).html == html, "nothing changed")
        host.unmount()
        #expect(host.perform(action: ids[0], value: nil) == .stale(
            "No control has the action id \"\(ids[0])\" any more: the page is older than the view. Reload it."))
    }
}
