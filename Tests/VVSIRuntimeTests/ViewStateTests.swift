import OpenCombine
import PlaygroundUI
import Testing
@testable import VVSIRuntime

typealias CounterStep = Step<Counter, CounterAction, CounterNotification>

/// The runtime on its own: one action at a time, one publication per `updater` call, notifications on the room.
@Suite struct VVSIViewStateTests {
    let room = TestRoom()

    @Test func fiftyTriggersPublishFiftyOneStatesInOrder() async {
        let (published, steps, results) = await room.run { room in
            let viewState = ViewState(Counter(), CounterInteractor(), isolation: room)
            let recorder = Recorder(viewState, room: room)
            var steps: [CounterStep] = []
            viewState.observer = { steps.append(Step($0)) }
            let results = (0..<50).map { _ in viewState.trigger(.increment) }
            await viewState.idle()
            #expect(recorder.allOnRoom)
            return (
                recorder.entries.map { entry -> Int in
                    guard case .state(let state) = entry else { return -1 }
                    return state.count
                }, steps, results
            )
        }
        #expect(published == Array(0...50))
        #expect(results == [.started] + (1...49).map { .queued(position: $0) })
        var expected: [CounterStep] = [.started(1, .increment)] + (1...49).map { .queued(.increment, position: $0) }
        for id in 1...50 {
            if id > 1 { expected.append(.started(id, .increment)) }
            expected += [.updated(id, Counter(count: id - 1), Counter(count: id)), .finished(id, .increment)]
        }
        #expect(steps == expected)
    }

    @Test func heldDeliveriesWaitUntilAReplayLetsThemThrough() async {
        let (before, counts, unreachable, after) = await room.run { room in
            let viewState = ViewState(Counter(), CounterInteractor(), isolation: room)
            viewState.holdDeliveries()
            viewState.trigger(.increment)
            try? await Task.sleep(for: .milliseconds(20))
            let before = (viewState.state.count, viewState.deliveredMessages)
            var counts: [(Int, Bool, Bool)] = []
            // 1: the update; the action still runs (its "released" is held), so the next trigger queues behind it.
            let first = await viewState.deliver(upTo: 1)
            counts.append((viewState.state.count, viewState.isRunningAction, first))
            #expect(viewState.trigger(.increment) == .queued(position: 1))
            // 2: released, and the queued action starts; 3 and 4: its update and its release.
            let second = await viewState.deliver(upTo: 2)
            counts.append((viewState.state.count, viewState.isRunningAction, second))
            let fourth = await viewState.deliver(upTo: 4)
            counts.append((viewState.state.count, viewState.isRunningAction, fourth))
            // Nothing runs, so no fifth message can come; and a replay never goes back.
            let unreachable = (await viewState.deliver(upTo: 5), await viewState.deliver(upTo: 3))
            viewState.releaseDeliveries()
            viewState.trigger(.increment)
            await viewState.idle()
            return (before, counts, unreachable, (viewState.state.count, viewState.deliveredMessages))
        }
        #expect(before == (0, 0))
        #expect(counts.map(\.0) == [1, 1, 2])
        #expect(counts.map(\.1) == [true, true, false])
        #expect(counts.map(\.2) == [true, true, true])
        #expect(unreachable == (false, false))
        #expect(after == (3, 6))
    }

    @Test func checkThenChangeCannotInterleave() async {
        // The seed runs every execute at once: ten of these would all read 0 and write 1, or reach ten.
        let (count, notifications) = await room.run { room in
            let viewState = ViewState(Counter(), CounterInteractor(), isolation: room)
            let recorder = Recorder(viewState, room: room)
            for _ in 0..<10 { viewState.trigger(.slowCheckThenIncrement(limit: 5)) }
            await viewState.idle()
            return (viewState.state.count, recorder.entries.filter { if case .notification = $0 { true } else { false } })
        }
        #expect(count == 5)
        #expect(notifications == Array(repeating: .notification(.refused(5)), count: 5))
    }

    @Test func anActionLastsUntilEveryTaskHoldingItsClosuresEnds() async {
        let steps = await room.run { room in
            let viewState = ViewState(Counter(), CounterInteractor(), isolation: room)
            var steps: [CounterStep] = []
            viewState.observer = { steps.append(Step($0)) }
            viewState.trigger(.fanOut(8))
            viewState.trigger(.increment)
            await viewState.idle()
            #expect(viewState.state.count == 9)
            return steps
        }
        let updates = (0..<8).map { CounterStep.updated(1, Counter(count: $0), Counter(count: $0 + 1)) }
        #expect(
            steps
                == [.started(1, .fanOut(8)), .queued(.increment, position: 1)] + updates
                + [
                    .finished(1, .fanOut(8)), .started(2, .increment), .updated(2, Counter(count: 8), Counter(count: 9)),
                    .finished(2, .increment),
                ])
    }

    @Test func anActionTriggeredByTheObserverQueuesBehindTheWaitingOnes() async {
        let steps = await room.run { room in
            let viewState = ViewState(Counter(), CounterInteractor(), isolation: room)
            var steps: [CounterStep] = []
            var running = 0
            var maxRunning = 0
            viewState.observer = { event in
                steps.append(Step(event))
                switch event {
                case .actionStarted: running += 1
                case .actionFinished(let id, _, _):
                    running -= 1
                    if id == 1 { #expect(viewState.trigger(.sayNow("from observer")) == .queued(position: 2)) }
                default: break
                }
                maxRunning = max(maxRunning, running)
            }
            viewState.trigger(.increment)
            viewState.trigger(.increment)
            await viewState.idle()
            #expect(maxRunning == 1)
            return steps
        }
        #expect(
            steps == [
                .started(1, .increment), .queued(.increment, position: 1), .updated(1, Counter(count: 0), Counter(count: 1)),
                .finished(1, .increment), .queued(.sayNow("from observer"), position: 2), .started(2, .increment),
                .updated(2, Counter(count: 1), Counter(count: 2)), .finished(2, .increment), .started(3, .sayNow("from observer")),
                .notification(.said("from observer")), .finished(3, .sayNow("from observer")),
            ])
    }

    @Test func notificationsArriveLaterOnTheRoomInTheOrderSent() async {
        await room.run { room in
            let viewState = ViewState(Counter(), CounterInteractor(), isolation: room)
            let recorder = Recorder(viewState, room: room)
            var steps: [CounterStep] = []
            var changes = 0
            viewState.observer = { steps.append(Step($0)) }
            viewState.onChange = { changes += 1 }
            viewState.trigger(.sayNow("now"))
            #expect(recorder.entries == [.state(Counter())])  // sent inside execute, not yet delivered
            viewState.trigger(.say(["a", "b", "c"]))
            await viewState.idle()
            #expect(recorder.allOnRoom)
            #expect(
                recorder.entries
                    == [
                        .state(Counter()), .notification(.said("now")), .notification(.said("a")), .notification(.said("b")),
                        .notification(.said("c")), .state(Counter()),
                    ])
            #expect(
                steps == [
                    .started(1, .sayNow("now")), .queued(.say(["a", "b", "c"]), position: 1), .notification(.said("now")),
                    .finished(1, .sayNow("now")), .started(2, .say(["a", "b", "c"])), .notification(.said("a")),
                    .notification(.said("b")), .notification(.said("c")), .updated(2, Counter(), Counter()),
                    .finished(2, .say(["a", "b", "c"])),
                ])
            #expect(changes == 5)  // four notifications and one update; starting and finishing change nothing shown
        }
    }

    @Test func queueIsBounded() async {
        let gate = Gate()
        await room.run { room in
            let viewState = ViewState(Counter(), CounterInteractor(), isolation: room, maxPendingActions: 2)
            let recorder = Recorder(viewState, room: room)
            var rejected: [CounterStep] = []
            viewState.observer = { if case .actionRejected = $0 { rejected.append(Step($0)) } }
            #expect(viewState.trigger(.wait(gate, report: nil)) == .started)
            #expect(viewState.trigger(.increment) == .queued(position: 1))
            #expect(viewState.trigger(.increment) == .queued(position: 2))
            #expect(viewState.trigger(.increment) == .queueFull(limit: 2))
            #expect(viewState.trigger(.increment).isAccepted == false)
            #expect(viewState.pendingActionCount == 2)
            #expect(viewState.isRunningAction)
            #expect(rejected == [.rejected(.increment), .rejected(.increment)])
            gate.open()
            await viewState.idle()
            #expect(
                recorder.entries == [
                    .state(Counter()), .state(Counter(count: 100)), .state(Counter(count: 101)), .state(Counter(count: 102)),
                ])
            #expect(viewState.trigger(.increment) == .started)
            await viewState.idle()
            #expect(viewState.state.count == 103)
        }
    }

    @Test func cancelLeavesNoSubscriptionTaskOrReference() async throws {
        let gate = Gate(), report = Signal<Int>()
        let (weakViewState, pump) = await room.run { room in
            var viewState: ViewState<CounterInteractor>? = ViewState(CounterInteractor(), isolation: room)
            let interactor = viewState!.interactor
            var steps: [CounterStep] = []
            viewState!.observer = { steps.append(Step($0)) }
            #expect(viewState!.trigger(.wait(gate, report: report)) == .started)
            viewState!.trigger(.increment)
            viewState!.cancel()
            #expect(!viewState!.isActive)
            #expect(viewState!.pendingActionCount == 0)
            #expect(viewState!.trigger(.increment) == .inactive)
            await viewState!.idle()  // returns at once once cancelled
            interactor.notifications.send(.said("after cancel"))
            #expect(steps == [.started(1, .wait(gate, report: report)), .queued(.increment, position: 1)])
            weak let weakViewState = viewState
            let pump = viewState!.pump
            viewState = nil
            return (weakViewState == nil, pump)
        }
        #expect(weakViewState)  // no subscription, task or mailbox keeps it alive
        gate.open()
        #expect(await report.value == 7)  // the task's change was dropped; its read got the final state; it ended
        let drained: Void? = await pump?.value  // the pump drained the mailbox and ended
        #expect(drained != nil)
    }

    @Test func attachesToTheRoomInItsViewsEnvironmentAndIsCancelledWithThePosition() async {
        struct Screen: View {
            @StateObject var viewState = ViewState(CounterInteractor())
            var body: some View { Text("\(viewState.state.count)") }
        }
        await room.run { room in
            let loose = ViewState(Counter(), CounterInteractor())
            #expect(loose.trigger(.increment) == .inactive)

            let host = ViewHost(Screen(), environment: EnvironmentValues().with(\.viewStateIsolation, room), inspecting: [Screen.self])
            #expect(host.render(RenderContext(formAction: "/e")).html == #"<span class="text">7</span>"#)
            let viewState = host.view(Screen.self)!.viewState
            #expect(viewState.isActive)
            #expect(viewState.trigger(.increment) == .started)
            await viewState.idle()
            #expect(host.render(RenderContext(formAction: "/e")).html == #"<span class="text">8</span>"#)
            host.unmount()
            #expect(!viewState.isActive)
            #expect(viewState.trigger(.increment) == .inactive)
        }
    }
}
