import EVRuntime
import OpenCombine
import PlaygroundUI
import Testing

@Suite struct ActionTests {
    let context = RenderContext(formAction: "/e")
    let log = Log()
    let visibility = Visibility()

    @Test func settingIsAPulseAndOnlyLeadingDefaultsAreDropped() {
        let action = Action(FirstView.InnerAction.initial)
        var received: [FirstView.InnerAction] = []
        let subscription = action.projectedValue.publisher.sink { received.append($0) }
        #expect(received.isEmpty)  // the resting default at subscription time is dropped
        action.wrappedValue = .hello
        #expect(action.wrappedValue == .initial)  // back at rest at once
        #expect(received == [.hello, .initial])  // the pulse's end is delivered: only *leading* defaults drop
        action.wrappedValue = .bye
        #expect(received == [.hello, .initial, .bye, .initial])
        subscription.cancel()
    }

    @Test func oneEventReachesSeveralViews() {
        visibility.extraFirst = true
        let app = TestApp(TestRoot(visibility: visibility, log: log))
        _ = app.render(context)
        app.send(.ping)  // [first.hello, second.hello]: each action reaches all its views (in render order) before the next
        #expect(log.entries == ["first:hello", "first:initial", "extra:hello", "extra:initial", "second:hello"])
    }

    @Test func actionsArriveSynchronouslyInArrayOrderAcrossViews() {
        let app = TestApp(TestRoot(visibility: visibility, log: log))
        _ = app.render(context)
        app.send(.interleaved)  // [second.hello, first.hello, first.bye, second.bye]; `first` subscribed first
        #expect(log.entries == ["second:hello", "first:hello", "first:initial", "first:bye", "first:initial", "second:bye"])
    }

    @Test func defaultsInsideAnEventAreDeliveredAfterTheFirstAction() {
        let app = TestApp(TestRoot(visibility: visibility, log: log))
        _ = app.render(context)
        app.send(.resetThenGo)  // [initial, hello, initial]: the leading default is dropped, the rest arrive
        #expect(log.entries == ["first:hello", "first:initial", "first:initial", "first:initial"])
    }

    @Test func theSubjectsCurrentValueIsNotReplayedToNewViews() {
        visibility.second = false
        let app = TestApp(TestRoot(visibility: visibility, log: log))
        _ = app.render(context)
        app.send(.ping)
        log.entries.removeAll()
        visibility.second = true
        _ = app.render(context)
        #expect(app.eventSubject.value == .ping)
        #expect(log.entries.isEmpty)
    }

    @Test func reRenderingDoesNotAddSubscriptions() {
        let app = TestApp(TestRoot(visibility: visibility, log: log))
        for _ in 0..<10 { _ = app.render(context) }
        #expect(app.actionSource.liveSubscriptionCount == 2)  // the seed would hold one per re-created view: 20
        app.send(.ping)
        #expect(log.entries == ["first:hello", "first:initial", "second:hello"])  // each view once
    }

    @Test func aViewLeavingTheTreeLeavesNoSubscription() {
        let app = TestApp(TestRoot(visibility: visibility, log: log))
        _ = app.render(context)
        #expect(app.actionSource.liveSubscriptionCount == 2)
        visibility.first = false
        _ = app.render(context)
        #expect(app.actionSource.liveSubscriptionCount == 1)
        app.send(.ping)
        #expect(log.entries == ["second:hello"])
        visibility.second = false
        _ = app.render(context)
        #expect(app.actionSource.liveSubscriptionCount == 0)
        #expect(app.host.livePositionCount == 0)
    }

    @Test func unmountingTheHostLeavesNoSubscription() {
        visibility.extraFirst = true
        let app = TestApp(TestRoot(visibility: visibility, log: log))
        _ = app.render(context)
        #expect(app.actionSource.liveSubscriptionCount == 3)
        app.unmount()
        #expect(app.actionSource.liveSubscriptionCount == 0)
        #expect(app.host.livePositionCount == 0)
        app.send(.ping)
        #expect(log.entries.isEmpty)
    }

    @Test func unmountCancelsEvenWhileTheViewValueIsStillHeld() {
        // The host keeps its root value, whose `@Action` still points at the position's box: cancellation must
        // be explicit, not left to deallocation.
        let app = EVAppInstance<TestEventEnum, FirstView>(FirstView(name: "root", log: log))
        _ = app.render(context)
        #expect(app.actionSource.liveSubscriptionCount == 1)
        app.unmount()
        #expect(app.actionSource.liveSubscriptionCount == 0)
        app.send(.ping)
        #expect(log.entries.isEmpty)
    }

    @Test func aViewOutsideAnyRoomNeverFires() {
        let host = ViewHost(TestRoot(visibility: visibility, log: log))  // no action source in the environment
        #expect(host.render(context).html == #"<div class="vstack"><span class="text">first</span><span class="text">second</span></div>"#)
        #expect(log.entries.isEmpty)
    }
}
