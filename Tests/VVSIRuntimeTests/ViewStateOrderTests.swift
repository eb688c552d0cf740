import AppSeam
import Testing
@testable import VVSIRuntime

/// Actions run side by side (the pitfall switch on): whose message the view state applied when is recorded live,
/// and a replay that runs the same actions again, racing as they like, applies their messages in that order.
@Suite struct ViewStateOrderTests {
    let room = TestRoom()

    /// Two check-then-increment actions, their steps let through one at a time in `script` (0: the first action's
    /// next step, 1: the second's), live; then the same two again with nothing held back, replayed in the order
    /// recorded. Returns the live count and order, and the replay's count, order and whether it reached the end.
    func liveThenReplay(_ script: [Int]) async -> (live: (Int, DeliveryOrder), replay: (Int, DeliveryOrder, Bool)) {
        await room.run { room in
            let live = ViewState(Counter(), CounterInteractor(), isolation: room)
            live.runsActionsAtOnce = true
            let gates = [(Gate(), Gate()), (Gate(), Gate())]
            for (read, write) in gates { live.trigger(.gatedCheckThenIncrement(read: read, write: write)) }
            var opened = [0, 0]
            for action in script {
                let before = live.deliveredMessages
                opened[action] += 1
                if opened[action] == 1 { gates[action].0.open() } else { gates[action].1.open() }
                // Its read, or its update and then its release: wait until the view state has applied them.
                let target = before + (opened[action] == 1 ? 1 : 2)
                while live.deliveredMessages < target { await Task.yield() }
            }
            await live.idle()
            let order = live.takeDeliveryOrder()

            let replay = ViewState(Counter(), CounterInteractor(), isolation: room)
            replay.runsActionsAtOnce = true
            replay.holdDeliveries()
            for _ in 0..<2 {
                let (read, write) = (Gate(), Gate())
                read.open()
                write.open()
                replay.trigger(.gatedCheckThenIncrement(read: read, write: write))
            }
            let reached = await replay.deliver(upTo: live.deliveredMessages, order: order)
            replay.releaseDeliveries()
            await replay.idle()
            return ((live.state.count, order), (replay.state.count, replay.takeDeliveryOrder(), reached))
        }
    }

    @Test func twoRecordedInterleavingsReplayExactly() async {
        // Both read 0 before either writes: both write 1. Ages: 1 is the newer action, 2 the older.
        let raced = await liveThenReplay([0, 1, 0, 1])
        #expect(raced.live.0 == 1)
        #expect(raced.live.1.runs == [2, 1, 1, 1, 2, 2, 1, 2])
        // The first reads, writes and finishes before the second reads: 2.
        let serial = await liveThenReplay([0, 0, 1, 1])
        #expect(serial.live.0 == 2)
        #expect(serial.live.1.runs == [2, 3, 1, 3])
        for run in [raced, serial] {
            #expect(run.replay.0 == run.live.0, "the replay ends as the live run did")
            #expect(run.replay.1 == run.live.1, "and applies the messages in the recorded order")
            #expect(run.replay.2)
        }
    }

    @Test func aReplayRefusesAnOrderNamingAnActionThatHasFinished() async {
        let (reached, count) = await room.run { room in
            let replay = ViewState(Counter(), CounterInteractor(), isolation: room)
            replay.runsActionsAtOnce = true
            replay.holdDeliveries()
            for _ in 0..<2 { replay.trigger(.increment) }
            // The older action's update and release, then its update again: it has finished by then.
            let order = DeliveryOrder(runs: [2, 2, 1, 1, 2, 1])!
            let reached = await replay.deliver(upTo: 5, order: order)
            replay.releaseDeliveries()
            await replay.idle()
            return (reached, replay.state.count)
        }
        #expect(!reached)
        #expect(count == 2)
    }

    @Test func runsAreCheckedAndCompact() {
        var order = DeliveryOrder()
        for source in [2, 2, 0, 1, 1, 1] { order.append(source) }
        #expect(order.runs == [2, 2, 0, 1, 1, 3] && order.count == 6)
        #expect(DeliveryOrder(runs: [2, 2, 0, 1]) != nil)
        for bad in [[1], [1, 0], [-1, 1], [1, 1, 1, 2], Array(repeating: [1, 1, 2, 1], count: DeliveryOrder.maxRuns / 2 + 1).flatMap { $0 }] {
            #expect(DeliveryOrder(runs: bad) == nil, "\(bad.prefix(6))")
        }
    }
}
