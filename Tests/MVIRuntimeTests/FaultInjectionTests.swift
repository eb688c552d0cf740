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
}
