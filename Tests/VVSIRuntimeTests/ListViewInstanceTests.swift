import OpenCombine
import PlaygroundTesting
import RoomServices
import Testing
@testable import PlaygroundUI
@testable import VVSIRuntime
@testable import ListViewVVSI

/// The app as the playground runs it: HTML, alert, snapshot, concurrency, unmount.
@Suite struct ListViewInstanceTests {
    let room = TestRoom()
    static let context = RenderContext(formAction: "/rooms/r1/events")
    static let maxMessage = "Max items count is 5"

    /// A button's form: it posts its control id, the short id of its position in the tree
    /// (`Button { viewState.trigger(.add) }`), which also names the form.
    static func control(_ index: Int, _ label: String) -> String {
        let id = ControlID(posted: buttonPath(index))!
        return #"<form id="c\#(id)" class="button-form" method="post" action="/rooms/r1/events"><input type="hidden" name="control" value="\#(id)">"#
            + #"<button class="button" type="submit"><span class="text">\#(label)</span></button></form>"#
    }

    static func buttonPath(_ index: Int) -> String { "/T/0/#vvsi-list/T/0/1/0/0/0/\(index)" }
    static func buttonID(_ index: Int) -> String { ControlID(posted: buttonPath(index))!.description }

    /// The seed's `ForEach(items, id: \.self)`: its rows lie in their own element, each with an id made from the list's
    /// position and the item's text; an item that comes again (five "New item"s) is told apart by its rank (`~1` …).
    static let itemsPath = "/T/0/#vvsi-list/T/0/0"
    static func rowID(_ item: String, _ repeated: Int) -> String {
        let list = FNV1a64.add(itemsPath, to: FNV1a64.offsetBasis)
        return "r" + ControlID(descriptionHash: FNV1a64.add(item, to: FNV1a64.add("\u{0}", to: list))).description + (repeated == 0 ? "" : "~\(repeated)")
    }

    static func page(_ items: [String], alert: String? = nil) -> String {
        var seen: [String: Int] = [:]
        let rows = items.map { item in
            defer { seen[item, default: 0] += 1 }
            return #"<span id="\#(rowID(item, seen[item, default: 0]))" class="text">\#(item)</span>"#
        }
        return #"<div id="vvsi-list" class="group"><div id="k\#(ControlID(posted: itemsPath)!)" class="for-each">"# + rows.joined() + "</div>"
            + #"<div class="hstack">"# + control(0, "Add") + control(1, "Remove") + control(2, "Random") + "</div>"
            + (alert.map {
                #"<div id="a*" class="alert" role="alertdialog" aria-modal="true" aria-label="Error"><span class="text alert-title">Error</span>"#
                    + #"<span class="text alert-message">\#($0)</span>"#
                    + #"<form id="c*" class="button-form" method="post" action="/rooms/r1/events"><input type="hidden" name="control" value="*">"#
                    + #"<button class="button alert-button" type="submit"><span class="text">Ok</span></button></form></div>"#
            } ?? "") + "</div>"
    }

    @Test func theButtonsCallViewStateTriggerAndRandomDrawsWhenPressed() async {
        let source = RandomSource(seed: 7)
        let (count, length) = (source.int(in: 1..<10), source.int(in: 1..<5))
        #expect([count, length] == [4, 1])  // pinned: the first draw, made by the press, not by a render
        await room.run { room in
            let list = ListViewInstance(isolation: room, random: RandomSource(seed: 7))
            var started: [ListView.VAction] = []
            list.observer = { if case .actionStarted(_, let action) = $0 { started.append(action) } }
            _ = list.render(Self.context)
            _ = list.render(Self.context)
            #expect(list.perform(action: Self.buttonID(2), value: nil) == .performed)
            await list.idle()
            #expect(started == [.random(.init(count: 4, length: 1))])
            #expect(list.snapshot.items.count == 4 && list.snapshot.items.allSatisfy { $0.count == 1 })
            #expect(list.perform(action: Self.buttonID(1), value: nil) == .performed)
            await list.idle()
            #expect(list.snapshot.items.count == 3)
            if case .performed = list.perform(action: "/T/0/#vvsi-list/T/9", value: nil) { Issue.record("a stale id ran") }
        }
    }

    @Test func endToEndAddsAlertAndDismissal() async {
        await room.run { room in
            let list = ListViewInstance(isolation: room, random: RandomSource(seed: 7))
            var changes = 0
            list.onChange = { changes += 1 }
            let first = list.render(Self.context)
            #expect(first.html == Self.page([]))
            #expect(first.fragments.map(\.id) == ["vvsi-list"])
            #expect(list.shown == Shown(items: [], alert: nil, pendingActions: 0, actionRunning: false))

            let results = (0..<6).map { _ in list.trigger(.add) }
            #expect(results == [.started] + (1...5).map { .queued(position: $0) })
            #expect(list.shown == Shown(items: [], alert: nil, pendingActions: 5, actionRunning: true))
            await list.idle()
            #expect(changes == 6)  // five updates and one notification
            let five = Array(repeating: "New item", count: 5)
            #expect(list.shown == Shown(items: five, alert: Self.maxMessage, pendingActions: 0, actionRunning: false))
            #expect(maskingMadeIDs(list.render(Self.context).html) == maskingMadeIDs(Self.page(five, alert: Self.maxMessage)))
            #expect(list.render(Self.context).html.contains(Self.page(five).prefix(600)), "the rows' ids, exactly")

            // Ok is a control like the others: its press clears the alert.
            let ok = list.render(Self.context).html.matches(of: /name="control" value="([^"]*)"/).last.map { String($0.1) } ?? ""
            #expect(list.perform(action: ok, value: nil) == .performed)
            #expect(!list.dismissAlert())
            #expect(list.snapshot.alert == nil)
            #expect(list.render(Self.context).html == Self.page(five))
        }
    }

    @Test func mountsOnFirstUse() async {
        await room.run { room in
            let list = ListViewInstance(isolation: room, random: RandomSource(seed: 7))
            #expect(list.host.livePositionCount == 0)  // nothing rendered, no view state yet
            var changes = 0
            list.onChange = { changes += 1 }  // set before the view state exists
            #expect(list.trigger(.add) == .started)
            await list.idle()
            #expect(changes == 1)
            #expect(list.snapshot.items == ["New item"])
        }
    }

    @Test func observerTracesOneAdd() async {
        await room.run { room in
            let list = ListViewInstance(isolation: room, random: RandomSource(seed: 1))
            var steps: [ListStep] = []
            list.observer = { steps.append(Step($0)) }
            list.trigger(.add)
            await list.idle()
            #expect(steps == [.started(1, .add), .updated(1, .init(), .init(items: ["New item"])), .finished(1, .add)])
        }
    }

    @Test func twoHundredConcurrentAddsGiveFiveItemsAndOneHundredNinetyFiveNotifications() async {
        final class Count { var notifications = 0 }
        await room.run { room in
            let list = ListViewInstance(isolation: room, random: RandomSource(seed: 1), maxPendingActions: 200)
            let count = Count()
            list.observer = { if case .notification = $0 { count.notifications += 1 } }
            room.objects["list"] = list
            room.objects["count"] = count
        }
        let results = await Self.concurrentAdds(200, in: room)
        #expect(results.allSatisfy { $0.isAccepted })
        let (snapshot, notifications) = await room.run { room in
            let list = room.object("list", as: ListViewInstance.self)
            await list.idle()
            return (list.shown, room.object("count", as: Count.self).notifications)
        }
        #expect(
            snapshot
                == Shown(
                    items: Array(repeating: "New item", count: 5), alert: Self.maxMessage, pendingActions: 0, actionRunning: false))
        #expect(notifications == 195)
    }

    @Test func aFullQueueRefusesAddsAndKeepsTheCount() async {
        final class Count { var notifications = 0 }
        await room.run { room in
            let list = ListViewInstance(isolation: room, random: RandomSource(seed: 1))
            let count = Count()
            list.observer = { if case .notification = $0 { count.notifications += 1 } }
            room.objects["list"] = list
            room.objects["count"] = count
            // Filling the queue from the room itself: 1 running + 64 waiting, then refusals.
            let burst = (0..<70).map { _ in list.trigger(.add) }
            #expect(burst.filter { $0.isAccepted }.count == 65)
            #expect(burst.suffix(5).allSatisfy { $0 == .queueFull(limit: 64) })
            await list.idle()
        }
        let results = await Self.concurrentAdds(200, in: room)
        let accepted = results.filter { $0.isAccepted }.count
        #expect(results.allSatisfy { $0.isAccepted || $0 == .queueFull(limit: 64) })
        let (items, notifications) = await room.run { room in
            let list = room.object("list", as: ListViewInstance.self)
            await list.idle()
            return (list.snapshot.items.count, room.object("count", as: Count.self).notifications)
        }
        #expect(items == 5)
        #expect(notifications == 65 - 5 + accepted)
    }

    @Test func unmountLeavesNoSubscriptionTaskOrObject() async {
        await room.run { room in
            weak var weakViewState: ViewState<ListView.Interactor>?
            weak var weakMailbox: Mailbox<ListView.VState, ListView.VNotification>?
            do {
                let list = ListViewInstance(isolation: room, random: RandomSource(seed: 5))
                var observed: [ListStep] = []
                list.observer = { observed.append(Step($0)) }
                for _ in 0..<3 { list.trigger(.add) }
                list.trigger(.random(.init(count: 2, length: 2)))
                let interactor = list.viewState.interactor
                let pump = list.viewState.pump
                weakViewState = list.viewState
                weakMailbox = list.viewState.mailbox
                list.unmount()

                #expect(list.host.livePositionCount == 0)
                #expect(!list.viewState.isActive)
                #expect(list.trigger(.add) == .inactive)
                #expect(!list.dismissAlert())
                #expect(list.render(Self.context) == RenderedView(html: "", fragments: []))
                #expect(list.snapshot.pendingActions == 0)
                interactor.notifications.send(.error("late"))
                await pump?.value
                #expect(
                    observed == [
                        .started(1, .add), .queued(.add, position: 1), .queued(.add, position: 2),
                        .queued(.random(.init(count: 2, length: 2)), position: 3),
                    ])
            }
            // The first add's task gets a no-op `state`/`updater` and ends; then nothing holds the mailbox or the view state.
            var waited = 0
            while weakMailbox != nil || weakViewState != nil, waited < 400 {
                try? await Task.sleep(for: .milliseconds(5))
                waited += 1
            }
            #expect(weakMailbox == nil)
            #expect(weakViewState == nil)
        }
    }

    /// `count` adds, each from its own task, each hopping onto the room.
    static func concurrentAdds(_ count: Int, in room: TestRoom) async -> [TriggerResult] {
        await withTaskGroup(of: TriggerResult.self) { group in
            for _ in 0..<count {
                group.addTask {
                    await room.run { room in room.object("list", as: ListViewInstance.self).trigger(.add) }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
    }
}

/// The four fields of `/state` the tests compare (the pitfall's are ListViewPitfallTests').
struct Shown: Equatable {
    var items: [String]
    var alert: String?
    var pendingActions: Int
    var actionRunning: Bool
}

extension ListViewInstance {
    var snapshot: ListViewSnapshot { ListViewSnapshot(self) }
    var shown: Shown { Shown(items: snapshot.items, alert: snapshot.alert, pendingActions: snapshot.pendingActions, actionRunning: snapshot.actionRunning) }
}
