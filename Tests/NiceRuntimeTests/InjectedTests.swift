import NiceRuntime
import Testing

private final class Counter {
    var count = 0
}

private struct CounterKey: InjectionKey {
    static var currentValue: Counter { Counter() }
}

extension InjectedValues {
    fileprivate var counter: Counter {
        get { self[CounterKey.self] }
        set { self[CounterKey.self] = newValue }
    }
}

private final class Owner {
    @Injected(\.counter) var counter: Counter
}

@Suite("@Injected")
struct InjectedTests {
    @Test func twoRoomsNeverShareAValue() {
        let (roomA, roomB) = (InjectedValues(), InjectedValues())
        let ownersA = InjectedValues.withValues(roomA) { (Owner(), Owner()) }
        let ownerB = InjectedValues.withValues(roomB) { Owner() }
        ownersA.0.counter.count += 1
        ownersA.1.counter.count += 1
        #expect(ownersA.0.counter === ownersA.1.counter, "one room, one value")
        #expect(ownersA.0.counter.count == 2)
        #expect(ownerB.counter !== ownersA.0.counter)
        #expect(ownerB.counter.count == 0)
    }

    @Test func aReplacedValueIsSeenOnTheNextAccessInThatRoomOnly() {
        let (roomA, roomB) = (InjectedValues(), InjectedValues())
        let ownerA = InjectedValues.withValues(roomA) { Owner() }
        let ownerB = InjectedValues.withValues(roomB) { Owner() }
        let before = ownerB.counter
        let replacement = Counter()
        InjectedValues.withValues(roomA) { InjectedValues[\.counter] = replacement }
        #expect(ownerA.counter === replacement)
        #expect(ownerB.counter === before)
    }

    @Test func ownersMadeInATaskOfTheRoomUseTheRoomsValues() async {
        let room = InjectedValues()
        let inRoom = InjectedValues.withValues(room) { InjectedValues.current }
        #expect(inRoom.isSame(as: room))
        let inTask = await InjectedValues.withValues(room) { Task { InjectedValues.current.isSame(as: room) } }.value
        #expect(inTask)
        #expect(!InjectedValues.current.isSame(as: room), "outside the scope the room's values are not current")
    }
}
