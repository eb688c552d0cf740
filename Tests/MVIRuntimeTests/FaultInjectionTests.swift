import AppSeam
import MVIRuntime
import MovieCatalog
import PlaygroundUI
import RoomServices
import Testing
@testable import MovieSearchMVI

@Suite struct FaultInjectionTests {
    @Test func failureRateOneIsAlwaysApiErrorAndZeroNever() async throws {
        let upstream = StubRepository(.success(response([movie(1, "The Matrix")])))
        let room = TestRoom()
        await room.start(repository: upstream, faults: FaultSettings(latencyMs: 0, failureRate: 1))
        for query in ["a", "b", "c"] {
            await room.run { $0.app.search(query: query) }
            try await room.waitUntil("\(query) to fail") { $0.app.snapshot.state == "ApiError" && !$0.app.intents.isInFlight }
        }
        #expect(upstream.calls.isEmpty)  // an injected failure never reaches the server
        #expect(await room.run { $0.app.viewModel.uiState } == .ApiError("Results couldnot be fetched"))

        await room.run { $0.app.handle(.setFaults(latencyMs: 0, failureRate: 0)) }
        for query in ["d", "e", "f"] {
            await room.run { $0.app.search(query: query) }
            try await room.waitUntil("\(query) to succeed") { $0.app.snapshot.state == "SuccessfullyFetched" && !$0.app.intents.isInFlight }
        }
        #expect(upstream.calls.map(\.query) == ["d", "e", "f"])
    }

    @Test func latencyKeepsTheAppLoadingUntilItHasPassed() async throws {
        let room = TestRoom()
        await room.start(repository: StubRepository(.success(response([movie(1, "Up")]))))
        await room.run { $0.app.setFaults(latencyMs: 300, failureRate: 0) }
        let started = ContinuousClock.now
        await room.run { $0.app.search(query: "up") }
        try await Task.sleep(for: .milliseconds(100))
        #expect(await room.run { $0.app.snapshot.state } == "Loading")
        try await room.waitForState("SuccessfullyFetched")
        #expect(ContinuousClock.now - started >= .milliseconds(300))
        let delivered = await room.run { $0.events.first { if case .resultDelivered = $0 { true } else { false } } }
        #expect((delivered?.elapsed ?? .zero) >= .milliseconds(300))
    }

    @Test func theSameSeedFailsTheSameRequests() async throws {
        func outcomes(seed: UInt64) async -> [Bool] {
            let faults = FaultInjection(FaultSettings(latencyMs: 0, failureRate: 0.5), random: RandomSource(seed: seed))
            var failed: [Bool] = []
            for _ in 0..<32 {
                failed.append((try? await faults.inject()) == nil)
            }
            return failed
        }
        let first = await outcomes(seed: 42)
        #expect(await outcomes(seed: 42) == first)
        #expect(first.contains(true) && first.contains(false))
        #expect(await outcomes(seed: 43) != first)
    }

    @Test func settingsAreClampedAndReadBack() {
        #expect(FaultSettings(latencyMs: -5, failureRate: 2) == FaultSettings(latencyMs: 0, failureRate: 1))
        #expect(FaultSettings(latencyMs: 20_000, failureRate: .nan) == FaultSettings(latencyMs: 10_000, failureRate: 0))
        let faults = FaultInjection()
        faults.setFaults(FaultSettings(latencyMs: 250, failureRate: 0.25))
        #expect(faults.settings == FaultSettings(latencyMs: 250, failureRate: 0.25))
    }

    /// The compare page's "slow search overtaken" posts slow settings, a search, fast settings, a search: a request
    /// made inside an effect keeps the settings in force when its effect started, though the next event changed them
    /// before the effect's task ran (it read them late: the slow search could come back fast and be overtaken by
    /// nothing). A second request in the same effect draws its own.
    @Test func aRequestInsideAnEffectKeepsTheSettingsInForceWhenTheEffectStarted() async throws {
        let room = FetchRoom()
        let results = try await room.fetchAcrossASettingsChange()
        #expect(results["first"]?.failedByInjection == true, "drawn at start, with failure rate 1")
        #expect(results["second"]?.value == 2, "started after the change")
        #expect(results["twice"]?.value == 3, "its second request draws the settings now in force")
    }
}

private actor FetchRoom {
    private var effects: Effects?
    private var results: [String: Result<Int, any Error>] = [:]

    func fetchAcrossASettingsChange() async throws -> [String: Result<Int, any Error>] {
        let effects = Effects(isolation: self)
        self.effects = effects
        let faults = FaultInjection(FaultSettings(latencyMs: 0, failureRate: 1))
        faults.drawn(atStartOf: effects)
        effects.run("first", errors: [InjectedFault.self], { try await faults.inject(); return 1 }) { self.results["first"] = $0 }
        effects.run("twice", errors: [InjectedFault.self], { _ = try? await faults.inject(); try await faults.inject(); return 3 }) {
            self.results["twice"] = $0
        }
        faults.setFaults(.none)  // the next event, in the same room job: no effect's task has run yet
        effects.run("second", errors: [InjectedFault.self], { try await faults.inject(); return 2 }) { self.results["second"] = $0 }
        while results.count < 3 { try await Task.sleep(for: .milliseconds(5)) }
        return results
    }
}

extension Result<Int, any Error> {
    fileprivate var value: Int? { try? get() }
    fileprivate var failedByInjection: Bool { if case .failure(let error) = self { error is InjectedFault } else { false } }
}
