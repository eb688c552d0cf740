import OpenCombine
import PlaygroundUI
import RoomServices
import Testing
import VVSIRuntime
@testable import ListViewVVSI

typealias ListRecorder = Recorder<ListView.Interactor>
typealias ListStep = Step<ListView.VState, ListView.VAction, ListView.VNotification>

/// The seed's interactor under the runtime: every published state and every notification, exactly.
@Suite struct ListViewInteractorTests {
    let room = TestRoom()
    static let newItem = "New item"
    static let maxError = ListView.VNotification.error("Max items count is 5")

    static func items(_ count: Int) -> ListView.VState { ListView.VState(items: Array(repeating: newItem, count: count)) }

    /// Runs `actions` on a fresh view state starting at `start`, and returns what the view saw.
    func run(
        _ actions: [ListView.VAction], from start: ListView.VState = .init(), seed: UInt64 = 1
    ) async -> (entries: [ListRecorder.Entry], steps: [ListStep]) {
        await room.run { room in
            let interactor = ListView.Interactor(dependencies: .init(service: RandomSource(seed: seed)))
            let viewState = ViewState(start, interactor, isolation: room)
            let recorder = Recorder(viewState, room: room)
            var steps: [ListStep] = []
            viewState.observer = { steps.append(Step($0)) }
            for action in actions { #expect(viewState.trigger(action).isAccepted) }
            await viewState.idle()
            #expect(recorder.allOnRoom)
            return (recorder.entries, steps)
        }
    }

    @Test func addAppendsNewItem() async {
        let (entries, steps) = await run([.add])
        #expect(entries == [.state(.init()), .state(Self.items(1))])
        #expect(steps == [.started(1, .add), .updated(1, .init(), Self.items(1)), .finished(1, .add)])
    }

    @Test func addAtFiveNotifiesAndPublishesNothing() async {
        let (entries, steps) = await run([.add], from: Self.items(5))
        #expect(entries == [.state(Self.items(5)), .notification(Self.maxError)])
        #expect(steps == [.started(1, .add), .notification(Self.maxError), .finished(1, .add)])
    }

    @Test func sixAddsGiveFiveItemsAndOneNotification() async {
        let (entries, _) = await run(Array(repeating: .add, count: 6))
        #expect(entries == (0...5).map { .state(Self.items($0)) } + [.notification(Self.maxError)])
    }

    @Test func twoFastAddsAtFourCannotReachSix() async {
        // The seed's race: both adds pass `count < 5` before either appends.
        let (entries, _) = await run([.add, .add], from: Self.items(4))
        #expect(entries == [.state(Self.items(4)), .state(Self.items(5)), .notification(Self.maxError)])
    }

    @Test func removeDropsTheLastItem() async {
        let (entries, _) = await run([.remove], from: .init(items: ["a", "b"]))
        #expect(entries == [.state(.init(items: ["a", "b"])), .state(.init(items: ["a"]))])
    }

    @Test func removeOnEmptyPublishesTheUnchangedStateOnce() async {
        // Faithful to the seed: its updater runs (and publishes) even when there is nothing to remove.
        let (entries, steps) = await run([.remove])
        #expect(entries == [.state(.init()), .state(.init())])
        #expect(steps == [.started(1, .remove), .updated(1, .init(), .init()), .finished(1, .remove)])
    }

    @Test func randomReplacesTheItemsWithSeededStrings() async throws {
        let options = ListView.Options(count: 3, length: 4)
        let (entries, _) = await run([.random(options)], from: Self.items(5), seed: 42)
        let pinned = ["Tjrv", "c1nX", "vMmE"]  // a change in the generator shows up here
        #expect(entries == [.state(Self.items(5)), .state(.init(items: pinned))])
        let replay = RandomSource(seed: 42)
        #expect((0..<3).map { _ in replay.string(length: 4, from: ListView.Interactor.letters) } == pinned)
    }

    @Test func randomHonoursEveryCountAndLengthWithTheSeedsAlphabet() async throws {
        let alphabet = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        #expect(Set(ListView.Interactor.letters) == alphabet && ListView.Interactor.letters.count == 62)
        var seen: Set<Character> = []
        for count in 1..<10 {
            for length in 1..<5 {
                let (entries, _) = await run([.random(.init(count: count, length: length))], seed: UInt64(count * 10 + length))
                #expect(entries.count == 2)
                guard case .state(let state) = try #require(entries.last) else {
                    Issue.record("no state published")
                    continue
                }
                #expect(state.items.count == count)
                #expect(state.items.allSatisfy { $0.count == length && $0.allSatisfy(alphabet.contains) })
                for item in state.items { seen.formUnion(item) }
            }
        }
        #expect(seen.count > 40)  // the draw covers the alphabet, not one corner of it
    }

    @Test func randomBypassesTheCapAndAddThenRefuses() async {
        let (entries, _) = await run([.random(.init(count: 9, length: 1)), .add], seed: 3)
        #expect(entries.count == 3)
        if case .state(let state) = entries[1] { #expect(state.items.count == 9) } else { Issue.record("expected a state") }
        #expect(entries.last == .notification(Self.maxError))
    }
}
