/// A JSON value written as a Swift literal, its keys kept in the order written: how an app describes its events'
/// arguments and its snapshot as JSON Schema, and how the playground assembles its OpenAPI document.
///
/// ```swift
/// let count: JSONLiteral = ["type": "integer", "minimum": 1, "maximum": 9]
/// ```
public enum JSONLiteral: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONLiteral])
    /// Keys in order; a key written twice keeps its last value.
    case object([(key: String, value: JSONLiteral)])

    public static func == (lhs: JSONLiteral, rhs: JSONLiteral) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        default: false
        }
    }

    /// The value under `key` of an object (nil for other values); setting one replaces it or appends it.
    public subscript(key: String) -> JSONLiteral? {
        get {
            guard case .object(let pairs) = self else { return nil }
            return pairs.last { $0.key == key }?.value
        }
        set {
            guard case .object(var pairs) = self else { return }
            if let index = pairs.lastIndex(where: { $0.key == key }) {
                if let newValue { pairs[index].value = newValue } else { pairs.remove(at: index) }
            } else if let newValue {
                pairs.append((key, newValue))
            }
            self = .object(pairs)
        }
    }

    /// An object's keys and values in order (none for other values).
    public var pairs: [(key: String, value: JSONLiteral)] {
        if case .object(let pairs) = self { return pairs }
        return []
    }

    /// The array's values, if this is one.
    public var array: [JSONLiteral]? {
        if case .array(let values) = self { return values }
        return nil
    }

    /// The string, if this is one.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}

extension JSONLiteral: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONLiteral...) { self = .array(elements) }
    public typealias Key = String
    public typealias Value = JSONLiteral

    public init(dictionaryLiteral elements: (String, JSONLiteral)...) { self = .object(elements.map { (key: $0.0, value: $0.1) }) }
}

extension JSONLiteral: Encodable {
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .int(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .double(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        case .object(let pairs):
            var container = encoder.container(keyedBy: NameKey.self)
            for (key, value) in pairs { try container.encode(value, forKey: NameKey(key)) }
        }
    }
}
