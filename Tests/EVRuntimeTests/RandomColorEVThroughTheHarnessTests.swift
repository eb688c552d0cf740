import AppSeam
import PlaygroundTesting
import RandomColorEV
import Testing

/// The EV sample hosted as a room hosts it: press what the page shows or post an event, then expect the exact
/// trace, flow and snapshot; the colours are the room seed's.
@Suite("EV through the harness")
struct RandomColorEVThroughTheHarnessTests {
    @Test func theCenterButtonAndAnHTTPEventEachChangeBothSides() async throws {
        let harness = AppHarness<RandomColorEVPlayground>(seed: 42)
        _ = await harness.render()  // as the page does: the views mount and subscribe
        #expect(
            await harness.snapshotJSON
                == #"{"leftColor":null,"liveActionSubscriptions":2,"rightColor":null,"selectedTab":"center"}"#)
        #expect(await harness.flow.lit.isEmpty)

        let pressed = try await harness.press("Change colors")
        #expect(pressed.map(\.event) == [".changeBothSidesColors"])
        #expect(pressed.first?.source == .browser)
        #expect(
            pressed.first?.became
                == ["@Action ← LeftScreen.InnerAction.changeLeftColor", "@Action ← RightScreen.InnerAction.changeRightColor"])
        #expect(await harness.flow.lit == Set(RandomColorEVPlayground.Stage.allCases))
        let colors = RandomColorSource(seed: 42)
        let (left, right) = (colors().hex, colors().hex)
        #expect(
            await harness.snapshotJSON
                == #"{"leftColor":"\#(left)","liveActionSubscriptions":2,"rightColor":"\#(right)","selectedTab":"center"}"#)

        let sent = try await harness.send(.changeBothSidesColors)
        #expect(sent.map(\.source) == [.http])
        let (left2, right2) = (colors().hex, colors().hex)
        #expect(
            await harness.snapshotJSON
                == #"{"leftColor":"\#(left2)","liveActionSubscriptions":2,"rightColor":"\#(right2)","selectedTab":"center"}"#)
        #expect(await harness.trace.map(\.number) == [2, 1])
    }
}
