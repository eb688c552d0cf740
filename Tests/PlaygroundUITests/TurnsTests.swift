import PlaygroundUI
import RoomServices
import Testing

/// "One turn later": a job runs in a later job of the room, in order; `drain()` (what a room does before each step)
/// runs every waiting job at once, so none is left for thread timing to place.
@Suite struct TurnsTests {
    actor Room {
        var seen: [Int] = []
        var turns: Turns?

        func queue(_ values: [Int]) {
            let turns = turns ?? Turns(isolation: self)
            self.turns = turns
            for value in values { turns.later { [unowned self] in self.seen.append(value) } }
        }

        func drainNow() -> [Int] {
            turns?.drain()
            return seen
        }

        var waiting: Int { turns?.waitingCount ?? 0 }
    }

    @Test func aTurnRunsLaterOnTheRoomInOrder() async throws {
        let room = Room()
        await room.queue([1, 2, 3])
        let early = await room.seen
        #expect(early.isEmpty || early == [1, 2, 3], "never part of them, never out of order")
        for _ in 0..<200 where await room.seen.isEmpty { try await Task.sleep(for: .milliseconds(1)) }
        #expect(await room.seen == [1, 2, 3])
        #expect(await room.waiting == 0)
    }

    @Test func drainRunsEveryWaitingTurnBeforeTheNextStep() async {
        let room = Room()
        await room.queue([1, 2])
        await room.queue([3])
        #expect(await room.drainNow() == [1, 2, 3])
        #expect(await room.waiting == 0)
        // The task each `later` scheduled finds nothing left to run.
        for _ in 0..<20 { await Task.yield() }
        #expect(await room.seen == [1, 2, 3])
    }
}
