import PlaygroundTesting
import Testing

@testable import PlaygroundApp

/// A trace row shows what its event changed in the app's snapshot (as Redux DevTools shows an action's diff), and
/// its number is the room's step, the one its link, the history and the past page's banner use.
@Suite("State changes per event")
struct StateChangesTests {
    @Test func changedLeavesAreListedWithTheirOldAndNewValues() {
        let old = JSONValue.object([
            ("selectedTab", .string("center")), ("leftColor", .null), ("items", .array([.string("a")])),
            ("nested", .object([("count", .int(1)), ("flag", .bool(false))])),
        ])
        let new = JSONValue.object([
            ("selectedTab", .string("center")), ("leftColor", .string("#011adf")), ("items", .array([.string("a"), .string("New item")])),
            ("nested", .object([("count", .int(2)), ("flag", .bool(false))])),
        ])
        #expect(
            new.changes(since: old) == [
                ##"leftColor: null → "#011adf""##, #"items: 1 → 2 items (+ "New item")"#, "nested.count: 1 → 2",
            ])
        #expect(new.changes(since: new).isEmpty, "nothing changed, nothing listed")
        let removed = JSONValue.object([("items", .array([]))]).changes(since: .object([("items", .array([.string("a")]))]))
        #expect(removed == [#"items: 1 → 0 items (− "a")"#])
        let many = JSONValue.array((0..<20).map { .int($0) }).changes(since: .array((0..<20).map { .int($0 + 1) }), limit: 3)
        #expect(many.count == 4 && many.last == "… 17 more", "\(many)")
        let long = JSONValue.string(String(repeating: "x", count: 100)).changes(since: .null)
        #expect(long.first.map { $0.count < 60 } == true, "values are cut: \(long)")
    }

    /// Keys in the same order, in another order, or twice: the same lines as a lookup by key gives.
    @Test func objectsAreComparedByKeyWhateverTheirOrder() {
        let old = JSONValue.object([("a", .int(1)), ("b", .int(2)), ("c", .int(3))])
        #expect(JSONValue.object([("a", .int(1)), ("b", .int(5)), ("c", .int(3))]).changes(since: old) == ["b: 2 → 5"])
        #expect(JSONValue.object([("c", .int(4)), ("a", .int(1)), ("b", .int(2))]).changes(since: old) == ["c: 3 → 4"])
        #expect(JSONValue.object([("a", .int(1)), ("b", .int(2))]).changes(since: old) == ["c: 3 → null"])
        let twice = JSONValue.object([("a", .int(1)), ("a", .int(2))])
        #expect(JSONValue.object([("a", .int(1)), ("a", .int(3))]).changes(since: twice) == ["a: 1 → 3"], "the first of a key twice is its old value")
    }

    /// Values are equal exactly when their JSON texts are (compared member by member, not by writing both out).
    @Test func valuesAreEqualWhenTheirTextsAre() {
        let values: [JSONValue] = [
            .null, .bool(true), .bool(false), .int(1), .int(2), .double(1), .double(1.5), .double(-0.0), .double(0), .double(.nan),
            .double(.infinity), .string("1"), .string("a"), .string(""), .array([]), .array([.int(1)]), .array([.int(1), .int(2)]),
            .array([.double(.nan)]), .array([.null]), .object([]), .object([("a", .int(1))]), .object([("b", .int(1))]),
            .object([("a", .int(1)), ("b", .null)]), .object([("b", .null), ("a", .int(1))]), .object([("a", .double(.infinity))]),
        ]
        for lhs in values {
            for rhs in values {
                #expect((lhs == rhs) == (lhs.text == rhs.text), "\(lhs.text) against \(rhs.text)")
            }
        }
    }

    @Test func aRowShowsTheStepAndWhatItsEventChanged() async throws {
        let live = try await LivePlayground(apps: RoomsLiveTests.eventDriven)
        defer { live.playground.shutdown() }
        let room = try await live.newRoom()
        #expect(try await live.post(room, #"{"app":"vvsi","event":"add"}"#).status == 202)
        var page = ""
        for _ in 0..<500 {
            page = try await live.request("GET", room + "/apps/vvsi", headers: ["Accept": "text/html"]).text
            if page.contains("items: 0 → 1 items") { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        let row = try #require(page.firstMatch(of: /<tr id="vvsi-trace-row-\d+">(?:(?!<\/tr>).)*<\/tr>/), "\(page.suffix(3_000))")
        #expect(row.0.contains(#"items: 0 → 1 items (+ &quot;New item&quot;)"#), "\(row.0)")
        let step = try #require(row.0.firstMatch(of: /\?at=(\d+)">(\d+)<\/a>/), "\(row.0)")
        #expect(step.1 == step.2, "the row's number is the step its link opens")
        #expect(row.0.contains(#"<details class="cost"><summary>cost</summary>render "#), "the figures sit in the row's detail")
    }
}
