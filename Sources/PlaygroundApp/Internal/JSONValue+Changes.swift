extension JSONValue {
    /// What changed from `old` to this value, one line per changed leaf, as Redux DevTools shows an action's diff:
    /// `leftColor: null → "#011adf"`, `items: 4 → 5 items (+ "New item")`, `filter: "all" → "favourites"`.
    /// At most `limit` lines (then `… N more`), each value cut to 40 characters.
    func changes(since old: JSONValue, limit: Int = 8) -> [String] {
        var lines: [String] = []
        var more = 0
        Self.compare(old, self, path: "") { line in
            if lines.count < limit { lines.append(line) } else { more += 1 }
        }
        if more > 0 { lines.append("… \(more) more") }
        return lines
    }

    private static func compare(_ old: JSONValue, _ new: JSONValue, path: String, _ emit: (String) -> Void) {
        guard old != new else { return }
        switch (old, new) {
        case (.object(let before), .object(let after)) where sameKeys(before, after):
            // A snapshot's keys come in the same order every time: compared pair by pair, no lookup tables.
            for ((key, old), (_, new)) in zip(before, after) { compare(old, new, path: path.isEmpty ? key : "\(path).\(key)", emit) }
        case (.object(let before), .object(let after)):
            let oldKeys = Dictionary(before, uniquingKeysWith: { first, _ in first })
            for (key, value) in after {
                compare(oldKeys[key] ?? .null, value, path: path.isEmpty ? key : "\(path).\(key)", emit)
            }
            let newKeys = Set(after.map(\.0))
            for (key, value) in before where !newKeys.contains(key) {
                compare(value, .null, path: path.isEmpty ? key : "\(path).\(key)", emit)
            }
        case (.array(let before), .array(let after)) where before.count == after.count:
            for index in after.indices { compare(before[index], after[index], path: "\(path)[\(index)]", emit) }
        case (.array(let before), .array(let after)):
            var line = "\(path): \(before.count) → \(after.count) items"
            if after.count == before.count + 1, Array(after.prefix(before.count)) == before, let added = after.last {
                line += " (+ \(added.short))"
            } else if before.count == after.count + 1, Array(before.prefix(after.count)) == after, let removed = before.last {
                line += " (− \(removed.short))"
            }
            emit(line)
        default:
            emit("\(path): \(old.short) → \(new.short)")
        }
    }

    /// Whether both objects have the same keys in the same order, none twice (a few: a longer one takes the tables).
    private static func sameKeys(_ before: [(String, JSONValue)], _ after: [(String, JSONValue)]) -> Bool {
        guard before.count == after.count, before.count <= 16, zip(before, after).allSatisfy({ $0.0 == $1.0 }) else { return false }
        for index in before.indices where before[..<index].contains(where: { $0.0 == before[index].0 }) { return false }
        return true
    }

    /// The value's JSON text, cut to 40 characters.
    private var short: String {
        switch self {
        case .array(let items): return "\(items.count) items"
        case .object(let fields): return "{\(fields.count) fields}"
        default:
            let text = self.text
            return text.count <= 40 ? text : String(text.prefix(39)) + "…"
        }
    }
}
