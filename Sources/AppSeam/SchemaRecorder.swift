/// JSON Schema read off a `Decodable` type's own `init(from:)`: a `Decoder` that answers every question with a
/// placeholder and writes down what was asked. So a snapshot's schema (and an input's arguments) is its Swift type,
/// with no second description to keep in step.
///
/// Structs become objects with every key `required` and `additionalProperties: false` (a key read with
/// `decodeIfPresent` is optional); arrays read one element's type; `Optional` and `@Nullable` values become
/// `[T, "null"]`; unsigned integers get `minimum: 0`. A type that decodes itself otherwise (a dictionary, a
/// raw-value enum) makes the whole reading fail: `nil`.
enum SchemaRecorder {
    /// The schema of `type`, or nil if its `init(from:)` asks for something the recorder cannot answer.
    static func schema<T: Decodable>(of type: T.Type) -> JSONLiteral? {
        let node = Node()
        guard (try? Recorder.value(type, into: node)) != nil else { return nil }
        return node.literal
    }

    /// The labelled values of the enum case named `event` (the envelope's arguments), or nil if `Input` has no such case.
    static func arguments<Input: Decodable>(of type: Input.Type, event: String) -> [EventDescription.Argument]? {
        let node = Node()
        guard (try? Input(from: Recorder(node: node, event: event))) != nil else { return nil }
        return node.properties.map { .init($0.name, required: !node.optional.contains($0.name), $0.node.literal) }
    }

    final class Node {
        var type: String?
        var nullable = false
        var minimum: Int?
        var properties: [(name: String, node: Node)] = []
        var optional: Set<String> = []
        var items: Node?

        var literal: JSONLiteral {
            var schema: JSONLiteral = [:]
            if let type { schema["type"] = nullable ? [.string(type), "null"] : .string(type) }
            if let minimum { schema["minimum"] = .int(minimum) }
            if let items { schema["items"] = items.literal }
            if type == "object" {
                schema["required"] = .array(properties.map(\.name).filter { !optional.contains($0) }.map(JSONLiteral.string))
                schema["additionalProperties"] = false
                schema["properties"] = .object(properties.map { (key: $0.name, value: $0.node.literal) })
            }
            return schema
        }
    }

    struct Failure: Error {}

    struct Recorder: Decoder {
        let node: Node
        /// For an input enum: the case the top container says it holds.
        var event: String? = nil
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        /// A placeholder of `type`, its schema written into `node`: scalars directly, anything else by its `init(from:)`.
        static func value<T: Decodable>(_ type: T.Type, into node: Node) throws -> T {
            if let (name, placeholder) = scalars.first(where: { ObjectIdentifier($0.type) == ObjectIdentifier(type) }).map({ ($0.name, $0.value) }),
                let value = placeholder as? T
            {
                node.type = name
                if name == "integer", String(describing: type).hasPrefix("UInt") { node.minimum = 0 }
                return value
            }
            return try T(from: Recorder(node: node))
        }

        nonisolated(unsafe) static let scalars: [(type: Any.Type, name: String, value: Any)] = [
            (String.self, "string", ""), (Bool.self, "boolean", false), (Double.self, "number", 0.0), (Float.self, "number", Float(0)),
            (Int.self, "integer", 0), (Int64.self, "integer", Int64(0)), (Int32.self, "integer", Int32(0)),
            (UInt.self, "integer", UInt(0)), (UInt64.self, "integer", UInt64(0)), (UInt32.self, "integer", UInt32(0)),
        ]

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            if event == nil { node.type = "object" }
            return KeyedDecodingContainer(Keyed<Key>(node: node, event: event))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            node.type = "array"
            return Unkeyed(node: node)
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(node: node) }
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let node: Node
        let event: String?
        var codingPath: [any CodingKey] { [] }

        /// An input enum's case: the one named `event`.
        var allKeys: [Key] { event.flatMap { Key(stringValue: $0) }.map { [$0] } ?? [] }

        /// Asked before `decodeNil` and `decode` by `decodeIfPresent`: the key is optional.
        func contains(_ key: Key) -> Bool {
            node.optional.insert(key.stringValue)
            return true
        }

        func decodeNil(forKey key: Key) throws -> Bool {
            node.optional.insert(key.stringValue)
            return false
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            let child = Node()
            node.properties.append((key.stringValue, child))
            let value = try Recorder.value(type, into: child)
            if node.optional.contains(key.stringValue) { child.nullable = true }
            return value
        }


        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            // An input enum's case: its labelled values are the arguments, written straight into the top node.
            guard event != nil else { throw Failure() }
            node.type = "object"
            return KeyedDecodingContainer(Keyed<NestedKey>(node: node, event: nil))
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw Failure() }
        func superDecoder() throws -> any Decoder { throw Failure() }
        func superDecoder(forKey key: Key) throws -> any Decoder { throw Failure() }
    }

    /// An array: one element, then at its end.
    struct Unkeyed: UnkeyedDecodingContainer {
        let node: Node
        var codingPath: [any CodingKey] { [] }
        var count: Int? { nil }
        var currentIndex = 0
        var isAtEnd: Bool { currentIndex > 0 }

        mutating func decodeNil() throws -> Bool { false }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            currentIndex += 1
            let items = Node()
            node.items = items
            return try Recorder.value(type, into: items)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> { throw Failure() }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw Failure() }
        mutating func superDecoder() throws -> any Decoder { throw Failure() }
    }

    /// `Optional` and `@Nullable` ask `decodeNil()` first: the value may be null.
    struct Single: SingleValueDecodingContainer {
        let node: Node
        var codingPath: [any CodingKey] { [] }

        func decodeNil() -> Bool {
            node.nullable = true
            return false
        }

        func decode<T: Decodable>(_ type: T.Type) throws -> T { try Recorder.value(type, into: node) }
    }
}

extension Nullable: Decodable where Value: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }
}
