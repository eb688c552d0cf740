import EVRuntime
import Testing

@Suite struct EventEnumTests {
    @Test func eventsDecodeByNameButNotInitial() {
        #expect(TestEventEnum(name: "ping") == .ping)
        #expect(TestEventEnum(name: "interleaved") == .interleaved)
        #expect(TestEventEnum(name: "initial") == nil)
        #expect(TestEventEnum(name: "Ping") == nil)
        #expect(TestEventEnum(name: "") == nil)
    }

    @Test func acceptedNamesListEveryPostableEvent() {
        #expect(TestEventEnum.acceptedNames == ["ping", "interleaved", "resetThenGo"])
        #expect(TestEventEnum.ping.name == "ping")
    }
}
