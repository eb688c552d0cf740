import JSONText
import PlaygroundHTTP

/// A JSON value the playground writes (state snapshots, receipts, health).
///
/// ```swift
/// JSONValue.object([("ok", .bool(true))]).text   // {"ok":true}
/// ```
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    /// Keys keep their order, so the output is stable.
    case object([(String, JSONValue)])

    /// The compact JSON text.
    public var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .double(let value): out += value.isFinite ? String(value) : "null"
        case .string(let value): Self.writeString(value, to: &out)
        case .array(let values):
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += "," }
                value.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                Self.writeString(key, to: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    /// Strings are escaped by the server's one JSON escaper.
    static func writeString(_ value: String, to out: inout String) {
        out += JSONString.quoted(value)
    }

    /// Equal when their JSON texts are: compared member by member (each event's state diff compares snapshots at
    /// every level, and writing both texts out at each level cost more than the diff itself).
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0 == $1 }
        case (.object(let a), .object(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        // A double is written as its text, and one that is not finite as `null`: those compare by text.
        case (.double, .double), (.double, .null), (.null, .double), (.null, .null): return lhs.text == rhs.text
        default: return false
        }
    }
}
