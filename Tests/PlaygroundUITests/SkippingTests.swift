import RoomServices
import Synchronization
import Testing
@testable import PlaygroundUI

/// A custom view whose value, state and environment did not change is drawn from its last output instead of its
/// `body` (``RenderMemo``), and the page is byte for byte what a full render draws.
@Suite struct SkippingTests {
    /// Body evaluations per label (labels are unique per test, so parallel tests do not mix).
    static let evaluations = Mutex<[String: Int]>([:])

    static func evaluated(_ label: String) {
        evaluations.withLock { $0[label, default: 0] += 1 }
    }

    static func count(_ label: String) -> Int {
        evaluations.withLock { $0[label] ?? 0 }
    }

    /// Plain data: skipped while `label` and `value` stay the same.
    struct Leaf: View {
        let label: String
        var value = 0
        var body: some View {
            SkippingTests.evaluated(label)
            return Text("\(label)=\(value)").id("leaf-\(label)")
        }
    }

    /// Plain data with its own state (written from outside through ``setState``).
    struct Holder: View {
        let label: String
        @State var taps = 0
        var body: some View {
            SkippingTests.evaluated(label)
            return VStack {
                Text("\(label) taps=\(taps)")
                Leaf(label: label + ".inner")
            }
        }
    }

    /// Plain data reading the environment.
    struct Reader: View {
        let label: String
        @Environment(\.accentName) var accent
        var body: some View {
            SkippingTests.evaluated(label)
            return Text("\(label) accent=\(accent)")
        }
    }

    /// A plain-data container of the above: re-evaluated when something below it changed.
    struct Panel: View {
        let label: String
        var body: some View {
            SkippingTests.evaluated(label)
            return VStack {
                Holder(label: label + ".holder")
                Leaf(label: label + ".sibling")
            }
        }
    }

    /// Reads an object from the environment: its output could change without a change the renderer sees, so it
    /// is never skipped, and neither is any view around it.
    struct Untracked: View {
        let label: String
        @Environment(\.model) var model
        var body: some View {
            SkippingTests.evaluated(label)
            return Text("\(label) model=\(model.number)")
        }
    }

    final class Model {
        var number = 0
        var leafValue = 0
        var accent = "teal"
        var rows = ["a", "b", "c"]
        var showPanel = true
        var untrackedInside = false
    }

    /// The root reads a class, so it is evaluated on every render, like a sample's root holding its runtime.
    struct Root: View {
        let prefix: String
        let model: Model
        var body: some View {
            VStack {
                Leaf(label: prefix + "static")
                Leaf(label: prefix + "changing", value: model.leafValue)
                Holder(label: prefix + "holder")
                Reader(label: prefix + "reader").environment(\.accentName, model.accent)
                if model.showPanel { Panel(label: prefix + "panel").id("panel") }
                ForEach(model.rows, id: \.self) { row in Leaf(label: prefix + "row-" + row) }
                Wrapper(label: prefix + "wrapper", untrackedInside: model.untrackedInside)
            }
            .environment(\.model, model)
        }
    }

    /// Plain data, except when it shows an ``Untracked`` view: then it cannot be skipped.
    struct Wrapper: View {
        let label: String
        let untrackedInside: Bool
        var body: some View {
            SkippingTests.evaluated(label)
            return VStack {
                if untrackedInside { Untracked(label: label + ".untracked") }
                Leaf(label: label + ".leaf")
            }
        }
    }

    /// Writes the `@State var name` of the first `view` in render order, as an event handler would.
    func setState<V: View, Value>(_ host: ViewHost<some View>, _ view: V.Type, _ name: String, to value: Value) {
        let position = host.store.orderedPositions.first { $0.viewType == V.self && $0.filledSlots.contains { $0.label == name } }
        let box = position?.filledSlots.first { $0.label == name }?.object as? StateBox<Value>
        #expect(box != nil, "no @State \(name) in \(V.self)")
        box?.value = value
    }

    /// A skippable view with state keeps a memo listing the positions it reached, its own among them, and its
    /// position holds its path: torn down (it left the tree, or the host went), nothing of it may stay alive — here
    /// the memos' environment, which holds the model.
    @Test func aViewThatLeftTheTreeOrAnUnmountedHostKeepsNothing() {
        weak var freed: Model?
        do {
            let model = Model()
            freed = model
            let host = ViewHost(Root(prefix: "f.", model: model))
            _ = host.render(context)
            _ = host.render(context)
            model.showPanel = false  // the panel and its holder (state and memo) leave the tree
            _ = host.render(context)
            host.unmount()
            _ = host.render(context)
        }
        #expect(freed == nil, "a memo's cycle through its own position keeps what it drew with")
    }

    /// Plain data with a button: skipped while unchanged, its button still runs (its control comes with its output).
    struct Tapper: View {
        let label: String
        @State var taps = 0
        var body: some View {
            SkippingTests.evaluated(label)
            return VStack {
                Text("\(label) taps=\(taps)")
                Button("Tap") { taps += 1 }
            }
        }
    }

    @Test func aSkippedViewsButtonsStillRun() throws {
        let host = ViewHost(VStack { Tapper(label: "t.tapper") })
        let first = host.render(context).html
        let id = try #require(first.firstMatch(of: /name="control" value="([^"]*)"/)).1
        #expect(host.render(context).html == first)
        #expect(Self.count("t.tapper") == 1, "drawn from its last output")
        #expect(host.perform(action: String(id), value: nil) == .performed)
        #expect(host.render(context).html.contains("t.tapper taps=1"))
        _ = host.render(context)
        #expect(Self.count("t.tapper") == 2)
        #expect(host.perform(action: String(id), value: nil) == .performed)
        #expect(host.render(context).html.contains("t.tapper taps=2"))
        host.unmount()
        #expect(host.perform(action: String(id), value: nil) != .performed)
        #expect(host.livePositionCount == 0)
    }

    @Test func anUnchangedViewIsDrawnFromItsLastOutput() {
        let model = Model()
        let host = ViewHost(Root(prefix: "u.", model: model))
        let first = host.render(context)
        let again = host.render(context)
        #expect(again == first)
        #expect(Self.count("u.static") == 1)
        #expect(Self.count("u.reader") == 1)
        #expect(Self.count("u.panel") == 1)
        #expect(Self.count("u.row-b") == 1)

        model.leafValue = 7
        let changed = host.render(context)
        #expect(Self.count("u.changing") == 2)
        #expect(Self.count("u.static") == 1)
        #expect(changed.html.contains(">u.changing=7<"))
        #expect(changed.fragments.map(\.id) == first.fragments.map(\.id))
    }

    @Test func aStateWriteReevaluatesItsViewAndTheViewsAboveItOnly() {
        let model = Model()
        let host = ViewHost(Root(prefix: "s.", model: model))
        _ = host.render(context)
        setState(host, Holder.self, "taps", to: 3)  // the first Holder: s.holder
        let rendered = host.render(context)
        #expect(rendered.html.contains(">s.holder taps=3<"))
        #expect(Self.count("s.holder") == 2)
        #expect(Self.count("s.holder.inner") == 1)  // below the write, unchanged
        #expect(Self.count("s.panel") == 1)

        // A write below a skippable container re-evaluates the container; its other child is still skipped.
        let panelHolder = host.store.orderedPositions.filter { $0.viewType == Holder.self }[1]
        (panelHolder.filledSlots[0].object as? StateBox<Int>)?.value = 5
        let next = host.render(context)
        #expect(next.html.contains(">s.panel.holder taps=5<"))
        #expect(Self.count("s.panel") == 2)
        #expect(Self.count("s.panel.holder") == 2)
        #expect(Self.count("s.panel.sibling") == 1)
        #expect(host.stateValues.first { $0.view == Holder.self }?.value as? Int == 3)
    }

    @Test func anEnvironmentChangeReevaluatesTheViewsThatSeeIt() {
        let model = Model()
        let host = ViewHost(Root(prefix: "e.", model: model))
        _ = host.render(context)
        _ = host.render(context)
        #expect(Self.count("e.reader") == 1)
        model.accent = "orange"
        let rendered = host.render(context)
        #expect(Self.count("e.reader") == 2)
        #expect(rendered.html.contains(">e.reader accent=orange<"))
    }

    @Test func aViewHoldingAClassIsNeverSkippedNorAreTheViewsAroundIt() {
        let model = Model()
        model.untrackedInside = true
        let host = ViewHost(Root(prefix: "c.", model: model))
        _ = host.render(context)
        model.number = 4
        let rendered = host.render(context)
        #expect(rendered.html.contains(">c.wrapper.untracked model=4<"))
        #expect(Self.count("c.wrapper") == 2)
        #expect(Self.count("c.wrapper.leaf") == 1)  // plain and unchanged, inside
        model.untrackedInside = false
        _ = host.render(context)
        _ = host.render(context)
        #expect(Self.count("c.wrapper") == 3)  // evaluated once for its changed value, then skipped
    }

    @Test func skippedSubtreesKeepTheirStateAndLoseItWhenTheyLeave() {
        let model = Model()
        let host = ViewHost(Root(prefix: "k.", model: model))
        _ = host.render(context)
        let panelHolder = host.store.orderedPositions.filter { $0.viewType == Holder.self }[1]
        (panelHolder.filledSlots[0].object as? StateBox<Int>)?.value = 2
        _ = host.render(context)
        let positions = host.livePositionCount
        for _ in 0..<3 { _ = host.render(context) }  // the panel is skipped: its state stays
        #expect(Self.count("k.panel") == 2)
        #expect(host.livePositionCount == positions)
        #expect(host.stateValues.map { "\($0.path)=\($0.value)" }.contains { $0.hasSuffix("=2") })
        #expect(host.store.root.countedNodes == host.store.root.size)

        model.showPanel = false
        _ = host.render(context)
        #expect(host.livePositionCount == positions - 1)
        #expect(host.store.root.countedNodes == host.store.root.size)
        model.showPanel = true
        let back = host.render(context)
        #expect(back.html.contains(">k.panel.holder taps=0<"))  // a new position, fresh state
    }

    /// Something a view only sends into (EV's `eventSubject`): not read while rendering.
    final class Outbox: SendOnlyObject {
        var sent: [String] = []
        func send(_ message: String) { sent.append(message) }
    }

    /// Holds an ``Outbox`` from the environment and sends from its button, like EV's Center screen.
    struct Sender: View {
        let label: String
        @Environment(\.outbox) var outbox
        var body: some View {
            SkippingTests.evaluated(label)
            return Button("Send") { outbox.send(label) }
        }
    }

    /// Reads which outbox to hand down from a class, so it is evaluated on every render.
    final class Mailroom {
        var outbox = Outbox()
    }

    struct SenderRoot: View {
        let label: String
        let mailroom: Mailroom
        var body: some View {
            Sender(label: label).environment(\.outbox, mailroom.outbox)
        }
    }

    @Test func aViewHoldingASendOnlyObjectIsSkippedWhileItIsTheSameInstance() {
        let mailroom = Mailroom()
        let outbox = mailroom.outbox
        let host = ViewHost(SenderRoot(label: "o.sender", mailroom: mailroom))
        let context = RenderContext(formAction: "/rooms/r/events", actionURL: "/rooms/r/actions")
        let first = host.render(context)
        for _ in 0..<3 { #expect(host.render(context) == first) }
        #expect(Self.count("o.sender") == 1)

        // The skipped view's closure still sends into the same object.
        let action = first.html.matches(of: /name="control" value="([^"]*)"/).map { String($0.1) }.first
        #expect(action.map { host.perform(action: $0, value: nil) } == .performed)
        #expect(outbox.sent == ["o.sender"])

        // Another instance is another value: the view is evaluated again and its button sends there.
        let other = Outbox()
        mailroom.outbox = other
        let again = host.render(context)
        #expect(Self.count("o.sender") == 2)
        let newAction = again.html.matches(of: /name="control" value="([^"]*)"/).map { String($0.1) }.first
        #expect(newAction.map { host.perform(action: $0, value: nil) } == .performed)
        #expect(other.sent == ["o.sender"] && outbox.sent == ["o.sender"])
    }

    /// The same operations on a host that skips and one that always evaluates `body` give the same pages,
    /// fragments, skeletons and state, render after render.
    @Test func skippingNeverChangesWhatIsDrawn() {
        var random = SeededRandomNumberGenerator(seed: 42)
        let (skippingModel, fullModel) = (Model(), Model())
        let skipping = ViewHost(Root(prefix: "d1.", model: skippingModel))
        let full = ViewHost(Root(prefix: "d1.", model: fullModel))
        full.reusesUnchangedViews = false
        let rowNames = ["a", "b", "c", "d", "e"]
        for step in 0..<300 {
            let operation = Int.random(in: 0..<8, using: &random)
            let number = Int.random(in: 0..<3, using: &random)
            for model in [skippingModel, fullModel] {
                switch operation {
                case 0: model.leafValue = number
                case 1: model.accent = ["teal", "red", "blue"][number]
                case 2: model.rows = Array(rowNames.shuffled(using: &random).prefix(number + 2))
                case 3: model.showPanel.toggle()
                case 4: model.untrackedInside.toggle()
                case 5: model.number += 1
                default: break
                }
            }
            if operation == 2 { fullModel.rows = skippingModel.rows }
            if operation >= 6 {
                let index = number % 2
                for host in [skipping, full] {
                    let holders = host.store.orderedPositions.filter { $0.viewType == Holder.self }
                    if index < holders.count { (holders[index].filledSlots[0].object as? StateBox<Int>)?.value = step }
                }
            }
            let (a, b) = (skipping.render(context), full.render(context))
            #expect(a == b, "step \(step), operation \(operation)")
            #expect(
                skipping.stateValues.map { "\($0.path)=\($0.value)" } == full.stateValues.map { "\($0.path)=\($0.value)" },
                "step \(step)")
            #expect(skipping.livePositionCount == full.livePositionCount)
            #expect(skipping.store.root.countedNodes == skipping.store.root.size, "step \(step)")
            #expect(skipping.store.root.size == full.store.root.size, "step \(step): paths left over")
            if a != b { break }
        }
    }
}

private struct AccentNameKey: EnvironmentKey {
    static var defaultValue: String { "none" }
}

private struct OutboxKey: EnvironmentKey {
    static var defaultValue: SkippingTests.Outbox { SkippingTests.Outbox() }
}

private struct ModelKey: EnvironmentKey {
    static var defaultValue: SkippingTests.Model { SkippingTests.Model() }
}

extension EnvironmentValues {
    fileprivate var accentName: String {
        get { self[AccentNameKey.self] }
        set { self[AccentNameKey.self] = newValue }
    }

    fileprivate var outbox: SkippingTests.Outbox {
        get { self[OutboxKey.self] }
        set { self[OutboxKey.self] = newValue }
    }

    fileprivate var model: SkippingTests.Model {
        get { self[ModelKey.self] }
        set { self[ModelKey.self] = newValue }
    }
}
