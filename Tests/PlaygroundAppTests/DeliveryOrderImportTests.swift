import Foundation
import Testing

@testable import PlaygroundApp

/// The delivery order an export carries when VVSI's actions ran side by side (each step's `order`, the document's
/// `tail`): an import checks it whole before replaying, and a bad one is a 422 (400 for an older version) that
/// makes no room.
@Suite("Delivery order in imports")
struct DeliveryOrderImportTests {
    /// An export of a room where 50 adds raced with the pitfall switched on, as a JSON object (version 4).
    static func racedExport(_ live: LivePlayground) async throws -> [String: Any] {
        for _ in 1...3 {
            let room = try await live.newRoom()
            #expect(try await live.post(room, PitfallLiveTests.setPitfall("vvsi", true)).status == 202)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<50 { group.addTask { _ = try await live.post(room, VVSILiveTests.add) } }
                try await group.waitForAll()
            }
            _ = await live.waitForApp(room, "vvsi") { $0["actionRunning"] as? Bool == false && $0["pendingActions"] as? Int == 0 }
            let text = try await live.request("GET", room + "/export").text
            let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            // Adds that all ran one after the other leave nothing to order: the race is the precondition.
            let ordered = (document["entries"] as? [[String: Any]] ?? []).contains { $0["order"] != nil } || document["tail"] != nil
            if ordered { return document }
        }
        throw TestFailure(description: "no two adds raced in three rooms")
    }

    struct TestFailure: Error, CustomStringConvertible { let description: String }

    static func text(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    static func roomsResident(_ live: LivePlayground) async throws -> Int? {
        let text = try await live.request("GET", "/healthz").text
        return (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["roomsResident"] as? Int
    }

    @Test func aBadOrderIsRefusedWholeAndMakesNoRoom() async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven)
        defer { live.playground.shutdown() }
        let document = try await Self.racedExport(live)
        #expect(document["version"] as? Int == 4)
        let entries = try #require(document["entries"] as? [[String: Any]])
        // The step with an order, or the tail (whose order and counts are shaped the same).
        let at = entries.lastIndex { $0["order"] != nil }
        func withOrder(_ runs: Any, app: String = "vvsi") -> [String: Any] {
            var changed = document
            if let at {
                var copy = entries
                copy[at]["order"] = [app: runs]
                changed["entries"] = copy
            } else {
                var tail = document["tail"] as? [String: Any] ?? [:]
                tail["order"] = [app: runs]
                changed["tail"] = tail
            }
            return changed
        }
        var badTail = document
        if var tail = document["tail"] as? [String: Any] {
            tail["step"] = (tail["step"] as? Int ?? 0) - 1
            badTail["tail"] = tail
        } else {
            badTail["tail"] = ["step": 1, "deliveries": ["vvsi": 1], "order": ["vvsi": [1, 1]]]
        }
        var older = document
        older["version"] = 3
        let cases: [(String, [String: Any], Int, String)] = [
            ("odd runs", withOrder([1, 1, 2]), 422, "invalid_delivery_order"),
            ("a count of 0", withOrder([1, 0]), 422, "invalid_delivery_order"),
            ("a negative source", withOrder([-1, 1]), 422, "invalid_delivery_order"),
            ("neighbours alike", withOrder([1, 1, 1, 1]), 422, "invalid_delivery_order"),
            ("more than were applied", withOrder([1, 1_000_000]), 422, "invalid_delivery_order"),
            ("oversized", withOrder(Array((0...4_096).flatMap { [$0 % 2 + 1, 1] })), 422, "invalid_delivery_order"),
            ("an unknown app", withOrder([1, 1], app: "nope"), 422, "unknown_app"),
            ("a tail after another step", badTail, 422, "invalid_delivery_order"),
            ("an order in version 3", older, 400, "invalid_document"),
        ]
        let rooms = try await Self.roomsResident(live)
        for (name, bad, status, code) in cases {
            let answer = try await live.request("POST", "/rooms/import", headers: ["Content-Type": "application/json"], body: try Self.text(bad))
            #expect(answer.status == status, "\(name): \(answer.status) \(answer.text.prefix(300))")
            #expect(answer.text.contains(#""\#(code)""#), "\(name): \(answer.text.prefix(300))")
        }
        #expect(try await Self.roomsResident(live) == rooms, "a refused import makes no room")
        // The document as exported still imports.
        let good = try await live.request("POST", "/rooms/import", headers: ["Content-Type": "application/json"], body: try Self.text(document))
        #expect(good.status == 303, "\(good.text.prefix(300))")
    }
}
