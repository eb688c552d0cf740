import AppSeam
import ListViewVVSI
import PlaygroundTesting
import RoomServices
import Testing
import VVSIRuntime

/// The stages each kind of ListView event passes, as the VVSI runtime reports them: the trigger (at the line that
/// called it) and the interactor's execute inside the press or post, then what the interactor's task did (its
/// `state()` reads, `updater` calls, notifications and the view's `.onReceive`) later, when the room applied it.
@Suite struct ListViewStageTests {
    static let list = "ListViewVVSI/ListView.swift", runtime = "VVSIRuntime/ViewState.swift"

    /// Each stage as "name: call @file", `later` marked; every one names lines that exist and contain its call.
    static func path(_ entry: Trace.Entry?) -> [String] {
        let stages = entry?.stages ?? []
        for stage in stages { #expect(StageSources.problem(with: stage) == nil, "\(stage)") }
        return stages.map { "\($0.stage): \($0.call) @\($0.file)\($0.later ? " later" : "")" }
    }

    static func trigger(_ action: String, at file: String = list) -> [String] {
        ["viewState.trigger: viewState.trigger(.\(action)) @\(file)", "Interactor.execute: interactor.execute(state, .\(action), updater) @\(runtime)"]
    }
    static let read = "state(): state() → the current state @\(runtime) later"
    static let update = "updater: updater { state in … } @\(runtime) later"

    func settled(_ harness: AppHarness<ListViewPlayground>) async {
        #expect(await harness.waitUntil { !$0.snapshotJSON.contains(#""actionRunning":true"#) })
    }

    @Test func addReadsThenUpdatesLaterAndTheSixthIsRefusedWithAnAlert() async throws {
        let harness = AppHarness<ListViewPlayground>(seed: 3)
        // Pressed and read in one job of the harness, so the interactor's task cannot come between.
        let (pressed, lit) = try await harness.run { harness in (try harness.press("Add"), harness.flow.lit) }
        #expect(Self.path(pressed.first) == Self.trigger("add"), "only trigger and execute run inside the press")
        #expect(lit == [.trigger, .execute])
        await settled(harness)
        #expect(Self.path(await harness.trace.first) == Self.trigger("add") + [Self.read, Self.update], "the task's read and change came later")
        #expect(await harness.flow.lit == [.trigger, .execute, .state, .updater])

        for _ in 0..<4 {
            try await harness.press("Add")
            await settled(harness)
        }
        try await harness.press("Add")
        #expect(await harness.waitUntil { $0.snapshotJSON.contains(#""alert":"Max items count is 5""#) })
        await settled(harness)
        let refused = Self.trigger("add") + [
            Self.read, #"notifications: notificationSubject.send(.error("Max items count is 5")) @\#(Self.runtime) later"#,
            #".onReceive: .onReceive(viewState.notifications) → .error("Max items count is 5") @\#(Self.list) later"#,
        ]
        #expect(Self.path(await harness.trace.first) == refused, "a refused add has no updater stage")
        #expect(await !harness.flow.lit.contains(.updater))

        let dismissed = try await harness.send(.app(.dismissAlert))
        #expect(dismissed.count == 1 && Self.path(dismissed.first).isEmpty, "the alert's Ok runs no VVSI stage")
        let strip = await harness.flow
        #expect(strip.path.isEmpty && strip.lit.isEmpty, "so the strip is dark, not the refused add's")
    }

    @Test func removeAndRandomUpdateWithoutReading() async throws {
        let harness = AppHarness<ListViewPlayground>(seed: 5)
        try await harness.press("Random")
        await settled(harness)
        let random = try #require(await harness.trace.first?.event)
        #expect(Self.path(await harness.trace.first) == Self.trigger(random) + [Self.update])
        try await harness.press("Remove")
        await settled(harness)
        #expect(Self.path(await harness.trace.first) == Self.trigger("remove") + [Self.update])
    }

    @Test func anHTTPEventNamesTheHostsTriggerAndAQueuedActionExecutesLater() async throws {
        let harness = AppHarness<ListViewPlayground>(seed: 9)
        let glue = "VVSIRuntime/ViewStateHost.swift"  // the runtime triggers an HTTP input
        try await harness.run { harness in
            _ = try harness.send(.app(.add))
            _ = try harness.send(.app(.add))  // queued behind the first
        }
        await settled(harness)
        let rows = await harness.trace
        #expect(rows.count == 2)
        #expect(Self.path(rows.last) == Self.trigger("add", at: glue) + [Self.read, Self.update])
        let queued = [
            "viewState.trigger: viewState.trigger(.add) @\(glue)", "Interactor.execute: interactor.execute(state, .add, updater) @\(Self.runtime) later",
            Self.read, Self.update,
        ]
        #expect(Self.path(rows.first) == queued, "the queued add's execute ran when the first finished")
    }
}
