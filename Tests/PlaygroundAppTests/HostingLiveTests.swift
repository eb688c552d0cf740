import Foundation
import PlaygroundTesting
import Synchronization
import Testing

@testable import PlaygroundApp

/// Hosting in public over real sockets: each loopback source address (127.0.0.2, 127.0.0.3, …) stands for a client.
@Suite("Hosting in public")
struct HostingLiveTests {
    static let changeColors = RoomsLiveTests.changeColors
    static let crawler = "127.0.0.2"
    static let visitor = "127.0.0.3"

    @Test func aCrawlerOpeningThreeThousandRoomsLocksNobodyOut() async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven)
        defer { live.playground.shutdown() }
        let watched = try await live.newRoom(source: Self.visitor)
        let stream = try await live.subscribe(watched, source: Self.visitor)
        let clicked = try await live.newRoom(source: Self.visitor)
        #expect(try await live.post(clicked, Self.changeColors, source: Self.visitor).status == 202)

        for index in 0..<3_000 {
            let response = try await live.request("GET", "/", source: Self.crawler)
            #expect(response.status == 303, "GET / number \(index) answered \(response.status)")
            if response.status != 303 { break }
        }
        #expect(live.playground.roomCount <= 2_000)

        let room = try await live.newRoom(source: Self.visitor)
        let tab = try await live.subscribe(room, source: Self.visitor)
        #expect(try await live.post(room, Self.changeColors, source: Self.visitor).status == 202)
        #expect(await tab.waitFor("id: 1\n"), "the new room works at once")
        #expect(try await live.post(watched, Self.changeColors, source: Self.visitor).status == 202, "a room with a stream stays")
        #expect(await stream.waitFor("id: 1\n"))
        #expect(try await live.post(clicked, Self.changeColors).status == 202, "a used room outlives 3,000 unused ones")
        let metrics = try await live.request("GET", "/metrics").text
        let evicted = metrics.firstMatch(of: /playground_room_evictions_total\{kind="unused"\} (\d+)/).flatMap { Int($0.1) }
        #expect(evicted == 1_003, "2 + 3,000 + 1 rooms in a budget of 2,000: \(metrics.prefix(2_000))")
    }

    @Test func evictionTakesUnusedRoomsFirstThenTheLeastRecentlyUsedNeverOneWithAStream() async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven) { $0.maxRooms = 3 }
        defer { live.playground.shutdown() }
        let watched = try await live.newRoom()
        let tab = try await live.subscribe(watched)
        #expect(await tab.waitFor("id: 0\n"))
        let older = try await live.newRoom()
        let newer = try await live.newRoom()
        #expect(try await live.post(older, Self.changeColors).status == 202)
        #expect(try await live.post(newer, Self.changeColors).status == 202)

        let unused = try await live.newRoom()  // evicts `older`: the least recently used room without a stream
        #expect(try await live.request("GET", older + "/state").status == 404)
        _ = try await live.newRoom()  // evicts `unused`, though `newer` was touched before it
        #expect(try await live.request("GET", unused + "/state").status == 404)
        #expect(try await live.request("GET", newer + "/state").status == 200)
        #expect(try await live.post(watched, Self.changeColors).status == 202, "never the room with a stream")
        #expect(await tab.waitFor("id: 1\n"))
        let page = try await live.request("GET", older, headers: ["Accept": "text/html"])
        #expect(page.status == 404 && page.text.contains("<html"), "an evicted room's old link gets a page that says so")
    }

    @Test func anEventFloodGets429sWhileAnotherAddressInTheSameRoomIsServed() async throws {
        // A budget well below the default (100/s, bursts of 500): a machine slowed by the other suites still posts
        // 1,500 events faster than it refills, so the flood is refused whatever the machine's speed.
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven) {
            $0.eventsPerClient = EventBudget(perSecond: 20, burst: 100)
        }
        defer { live.playground.shutdown() }
        let room = try await live.newRoom(source: Self.visitor)
        let tab = try await live.subscribe(room, source: Self.visitor)
        #expect(await tab.waitFor("id: 0\n"))

        let floodTook = Mutex(Duration.zero)
        let flood = Task {
            var statuses: [Int: Int] = [:]
            var refusal: (retryAfter: String?, body: String)?
            let started = ContinuousClock.now
            defer { floodTook.withLock { $0 = .now - started } }
            for _ in 0..<1_500 {
                let response = try await live.post(room, Self.changeColors, source: Self.crawler)
                statuses[response.status, default: 0] += 1
                if response.status == 429 { refusal = (response.header("Retry-After"), response.text) }
            }
            return (statuses, refusal)
        }
        var slowest = Duration.zero
        for _ in 0..<20 {
            let start = ContinuousClock.now
            let response = try await live.post(room, Self.changeColors, source: Self.visitor)
            slowest = max(slowest, .now - start)
            #expect(response.status == 202, "the visitor's event answered \(response.status): \(response.text)")
            try await Task.sleep(for: .milliseconds(20))
        }
        let (statuses, refusal) = try await flood.value
        #expect((statuses[429] ?? 0) > 0, "\(statuses)")
        #expect(statuses.keys.allSatisfy { [202, 429].contains($0) }, "\(statuses)")
        #expect(refusal?.retryAfter.flatMap(Int.init).map { $0 >= 1 } == true)
        #expect(refusal?.body.contains(#""code":"too_many_events_from_client""#) == true)
        // Far below the flood's own length, measured in the same run (a slow machine slows both): the visitor is
        // answered between the flood's posts, not after them.
        let took = floodTook.withLock { $0 }
        #expect(slowest * 3 < took, "the visitor waited \(slowest) for an answer during a flood of \(took)")
        let metrics = try await live.request("GET", "/metrics").text
        #expect(metrics.contains(#"playground_events_rejected_total{reason="too_many_events_from_client"} \#(statuses[429] ?? 0)"#))
    }

    @Test func aRoomsBudgetHoldsForEveryClientTogetherAndOnlyForThatRoom() async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven) {
            $0.eventsPerClient = .unlimited
            // One token a minute: ten posts take well under that even on a loaded machine, so none refills meanwhile.
            $0.eventsPerRoom = EventBudget(perSecond: 1.0 / 60, burst: 10)
        }
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        let other = try await live.newRoom()
        let started = ContinuousClock.now
        for index in 0..<10 {
            let source = index.isMultiple(of: 2) ? Self.crawler : Self.visitor
            #expect(try await live.post(room, Self.changeColors, source: source).status == 202)
        }
        let refused = try await live.post(room, Self.changeColors, source: "127.0.0.4")
        #expect(refused.status == 429)
        #expect(refused.text.contains(#""code":"too_many_events_in_room""#))
        // The first token back is a minute after the first post, less the time the posts took (whole seconds).
        let took = Int((ContinuousClock.now - started).components.seconds)
        #expect(
            refused.header("Retry-After").flatMap(Int.init).map { ((59 - took)...60).contains($0) } == true,
            "\(refused.header("Retry-After") ?? "none") after posts that took \(took) s")
        #expect(try await live.post(other, Self.changeColors).status == 202, "another room has its own budget")
    }

    @Test func metricsAreInPrometheusTextFormat() async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven)
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        _ = try await live.post(room, Self.changeColors)
        _ = try await live.post(room, #"{"app":"ev","event":"nope"}"#)
        let response = try await live.request("GET", "/metrics")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
        for line in [
            #"playground_http_requests_total{route="/rooms/:room/events",method="POST",status="202"} 1"#,
            #"playground_events_accepted_total{app="ev"} 1"#,
            #"playground_events_rejected_total{reason="unknown_event"} 1"#,
            "playground_rooms 1", "playground_event_publish_seconds_count 1", "# TYPE playground_event_publish_seconds histogram",
            "playground_sse_streams_open", "playground_sse_hangups_total", "playground_sse_slow_readers_dropped_total",
        ] {
            #expect(response.text.contains(line), "no \(line) in \(response.text.prefix(3_000))")
        }
        let unknown = try await live.request("BREW", "/rooms/\(String(repeating: "a", count: 24))/x")
        #expect(unknown.status >= 400)
        let after = try await live.request("GET", "/metrics").text
        #expect(!after.contains("BREW") && !after.contains("aaaaaaaa"), "client input never becomes a label value")
    }
}
