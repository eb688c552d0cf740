import AppSeam
import Foundation

/// The compare page's shared bar for the Films apps: what it sends to all five, from what the first one shows (the
/// five agree: the conformance suite checks it).
public enum FilmsSharedControls {
    public static func controls(firstSnapshotJSON: String) -> [SharedControl] {
        struct Snapshot: Decodable { let films: FilmsState }
        let films = (try? JSONDecoder().decode(Snapshot.self, from: Data(firstSnapshotJSON.utf8)).films) ?? FilmsState()
        let first = films.resultIds.first
        // After the open film; with none open, the first.
        let next = films.openId.map { open in
            films.resultIds.firstIndex(of: open).flatMap { films.resultIds.indices.contains($0 + 1) ? films.resultIds[$0 + 1] : nil }
        } ?? first
        let heart = films.openId ?? first
        return [
            .field("Search all five", event: "search", argument: "query", value: films.query),
            .button("Open the first result", [("event", .string("open")), ("id", .integer(first ?? 0))], disabled: first == nil),
            .button("Open the next result", [("event", .string("open")), ("id", .integer(next ?? 0))], disabled: next == nil),
            .button(films.openId == nil ? "♥ the first result" : "♥ the open film", [("event", .string("toggleFavourite")), ("id", .integer(heart ?? 0))], disabled: heart == nil),
            .button("Back", [("event", .string("back"))], disabled: films.openId == nil),
            .button("Retry", [("event", .string("retry"))], disabled: films.error == nil),
            .button("No faults", [("event", .string("setFaults")), ("latencyMs", .integer(0)), ("failureRate", .number(0))]),
            .button("Slow (1.5 s)", [("event", .string("setFaults")), ("latencyMs", .integer(1_500)), ("failureRate", .number(0))]),
            .button("Fail every request", [("event", .string("setFaults")), ("latencyMs", .integer(0)), ("failureRate", .number(1))]),
        ]
    }
}
