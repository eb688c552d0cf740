import PlaygroundUI
import Testing
@testable import VVSIRuntime

/// `ViewState.runsActionsAtOnce` (the pitfall switch) on its own: actions run side by side, bounded as the queue is;
/// off, the queue is as before.
@Suite struct ViewStatePitfallTests {
    let room = TestRoom()

    @Test func withTheSwitchOnActionsStartAtOnceUpToTheBound() async {
        let (results, count, idle) = await room.run { room in
            let viewState = ViewState(Counter(), CounterInteractor(), isolation: room, maxPendingActions: 3)
            viewState.runsActionsAtOnce = true
            let results = (0..<5).map { _ in viewState.trigger(.increment) }
            await viewState.idle()
            return (results, viewState.state.count, viewState.isIdle)
        }
        #expect(results == [.started, .started, .started, .queueFull(limit: 3), .queueFull(limit: 3)])
        #expect(count == 3 && idle)
    }

    @Test func checkThenActRacesOnlyWithTheSwitchOn() async {
        for on in [true, false] {
            let count = await room.run { room in
                let viewState = ViewState(Counter(), CounterInteractor(), isolation: room)
                viewState.runsActionsAtOnce = on
                for _ in 0..<10 { viewState.trigger(.slowCheckThenIncrement(limit: 5)) }
                await viewState.idle()
                return viewState.state.count
            }
            // Each reads the count, waits, then writes count + 1: side by side they all read 0.
            #expect(on ? count < 5 : count == 5, "on: \(on), count \(count)")
        }
    }
}
