import OpenCombine
import PlaygroundUI
import Testing
@testable import VVSIRuntime
@testable import ListViewVVSI

/// The app as the playground runs it: HTML, alert, snapshot, concurrency, unmount.
@Suite struct ListViewInstanceTests {
    let room = TestRoom()
    static let context = RenderContext(formAction: "/rooms/r1/events")
    static let maxMessage = "Max items count is 5"

    static func form(_ fields: [(String, String)], _ label: String, button: String = "button") -> String {
        #"<form class="button-form" method="post" action="/rooms/r1/events">"#
            + fields.map { #"<input type="hidden" name="\#($0.0)" value="\#($0.1)">"# }.joined()
            + #"<button class="\#(button)" type="submit"><span class="text">\#(label)</span></button></form>"#
    }

    static func page(_ items: [String], random: (count: Int, length: Int), alert: String? = nil) -> String {
        #"<div id="vvsi-list" class="group">"# + items.map { #"<span class="text">\#($0)</span>"# }.joined()
            + #"<div class="hstack">"# + form([("app", "vvsi"), ("event", "add")], "Add")
            + form([("app", "vvsi"), ("event", "remove")], "Remove")
            + form(
                [("app", "vvsi"), ("event", "random"), ("count", String(random.count)), ("length", String(random.length))], "Random")
            + "</div>"
            + (alert.map {
                #"<div class="alert" role="alertdialog" aria-modal="true" aria-label="Error"><span class="text alert-title">Error</span>"#
                    + #"<span class="text alert-message">\#($0)</span>"#
                    + form([("app", "vvsi"), ("event", "dismissAlert")], "Ok", button: "button alert-button") + "</div>"
            } ?? "") + "</div>"
    }

    /// The Random button's count and length for each render of an app seeded with `seed` (the mount render first).
    static func randomButtons(seed: UInt64, renders: Int) -> [(count: Int, length: Int)] {
        let source = RandomSource(seed: seed)
        return (0..<renders).map { _ in (source.int(in: 1..<10), source.int(in: 1..<5)) }
    }

    @Test func endToEndAddsAlertAndDismissal() async {
        let buttons = Self.randomButtons(seed: 7, renders: 4)
        #expect(buttons.map { [$0.count, $0.length] } == [[4, 1], [9, 3], [5, 1], [5, 2]])  // pinned
        await room.run { room in
            let list = ListViewInstance(isolation: room, random: RandomSource(seed: 7))
            var changes = 0
            list.onChange = { changes += 1 }
            let first = list.render(Self.context)
            #expect(first.html == Self.page([], random: buttons[1]))
            #expect(first.fragments.map(\.id) == [ListViewInstance.fragmentID])
            #expect(list.snapshot == ListViewSnapshot(items: [], alert: nil, pendingActions: 0, actionRunning: false))

            let results = (0..<6).map { _ in list.trigger(.add) }
            #expect(results == [.started] + (1...5).map { .queued(position: $0) })
            #expect(list.snapshot == ListViewSnapshot(items: [], alert: nil, pendingActions: 5, actionRunning: true))
            await list.idle()
            #expect(changes == 6)  // five updates and one notification
            let five = Array(repeating: "New item", count: 5)
            #expect(list.snapshot == ListViewSnapshot(items: five, alert: Self.maxMessage, pendingActions: 0, actionRunning: false))
            #expect(list.render(Self.context).html == Self.page(five, random: buttons[2], alert: Self.maxMessage))

            #expect(list.dismissAlert())
            #expect(!list.dismissAlert())
            #expect(list.snapshot.alert == nil)
            #expect(list.render(Self.context).html == Self.page(five, random: buttons[3]))
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
            return (list.snapshot, room.object("count", as: Count.self).notifications)
        }
        #expect(
            snapshot
                == ListViewSnapshot(
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
