import AppSeam
import EVRuntime
import PlaygroundTesting
import RandomColorEV
import RoomServices
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
                == #"{"leftColor":null,"liveActionSubscriptions":2,"pitfall":{"name":"leaked-subscription","on":false},"rightColor":null,"selectedTab":"center"}"#)
        #expect(await harness.flow.lit.isEmpty)

        let pressed = try await harness.press("Change colors")
        #expect(pressed.map(\.event) == [".changeBothSidesColors"])
        #expect(pressed.first?.source == .browser)
        #expect(
            pressed.first?.became
                == ["@Action ← LeftScreen.InnerAction.changeLeftColor", "@Action ← RightScreen.InnerAction.changeRightColor"])
        #expect(await harness.flow.lit == Set(EVStage.allCases))
        #expect(Self.path(pressed.first) == Self.changeColors(sentAt: "RandomColorEV/CenterScreen.swift"))
        let colors = RandomColorSource(seed: 42)
        let (left, right) = (colors().hex, colors().hex)
        #expect(
            await harness.snapshotJSON
                == #"{"leftColor":"\#(left)","liveActionSubscriptions":2,"pitfall":{"name":"leaked-subscription","on":false},"rightColor":"\#(right)","selectedTab":"center"}"#)

        let sent = try await harness.send(.app(.changeBothSidesColors))
        #expect(sent.map(\.source) == [.http])
        #expect(Self.path(sent.first) == Self.changeColors(sentAt: "EVRuntime/EVAppInstance.swift"))
        #expect(await harness.flow.path == sent.first?.stages, "the strip shows the newest event's path")
        let (left2, right2) = (colors().hex, colors().hex)
        #expect(
            await harness.snapshotJSON
                == #"{"leftColor":"\#(left2)","liveActionSubscriptions":2,"pitfall":{"name":"leaked-subscription","on":false},"rightColor":"\#(right2)","selectedTab":"center"}"#)
        #expect(await harness.trace.map(\.number) == [2, 1])
    }

    /// The path of `.changeBothSidesColors` as the runtime reports it: the send (at the line that sent it), the
    /// mapping, then each screen's `@Action` and `.onReceive`, in array order; nothing later.
    static func changeColors(sentAt file: String) -> [String] {
        [
            "eventSubject: eventSubject.send(.changeBothSidesColors) @\(file)",
            "actionsByEvent: actionsByEvent → [.changeLeftColor, .changeRightColor] @EVRuntime/ActionSource.swift",
            "@Action: @Action ← LeftScreen.InnerAction.changeLeftColor @RandomColorEV/LeftScreen.swift",
            ".onReceive: .onReceive($action) → .changeLeftColor @RandomColorEV/LeftScreen.swift",
            "@Action: @Action ← RightScreen.InnerAction.changeRightColor @RandomColorEV/RightScreen.swift",
            ".onReceive: .onReceive($action) → .changeRightColor @RandomColorEV/RightScreen.swift",
        ]
    }

    /// Each stage as "name: call @file", after checking that its lines exist and contain its call.
    static func path(_ entry: Trace.Entry?) -> [String] {
        let stages = entry?.stages ?? []
        for stage in stages { #expect(StageSources.problem(with: stage) == nil, "\(stage)") }
        #expect(stages.map(\.place) == [0, 1, 2, 3, 2, 3] && stages.allSatisfy { !$0.later })
        return stages.map { "\($0.stage): \($0.call) @\($0.file)" }
    }
}
