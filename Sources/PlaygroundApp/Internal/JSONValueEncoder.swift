import PlaygroundUI

extension JSONValue {
    /// An envelope argument as JSON (a form's text stays text).
    init(_ argument: EventArgument) {
        switch argument {
        case .string(let text), .formText(let text): self = .string(text)
        case .integer(let value): self = .int(value)
        case .number(let value): self = .double(value)
        case .boolean(let value): self = .bool(value)
        case .null: self = .null
        }
    }

    /// An app's `Encodable` snapshot as JSON, keys in the order the snapshot encodes them (so `/state` is stable);
    /// a value that cannot be encoded shows as `null`.
    init(encoding value: any Encodable) {
        let root = JSONValueEncoder.Node()
        do {
            try value.encode(to: JSONValueEncoder(node: root))
            self = root.value
        } catch {
            self = .null
        }
    }
}

/// A small `Encoder` building a ``JSONValue`` tree: what `/state` needs of Foundation's `JSONEncoder`, with the
/// keys kept in encoding order and the server's one JSON escaper writing the text.
struct JSONValueEncoder: Encoder {
    /// One value being built; containers fill it in place.
    final class Node {
        enum Content {
            case value(JSONValue)
            case object([(String, Node)])
            case array([Node])
        }

        var content = Content.value(.null)

        var value: JSONValue {
            switch content {
            case .value(let value): value
            case .object(let members): .object(members.map { ($0.0, $0.1.value) })
            case .array(let elements): .array(elements.map(\.value))
            }
        }

        func member(_ key: String) -> Node {
            let node = Node()
            if case .object(var members) = content {
                content = .value(.null)  // the only reference left is `members`: the append does not copy it
                members.append((key, node))
                content = .object(members)
            } else {
                content = .object([(key, node)])
            }
            return node
        }

        func element() -> Node {
            let node = Node()
            if case .array(var elements) = content {
                content = .value(.null)  // the only reference left is `elements`: the append does not copy it
                elements.append(node)
                content = .array(elements)
            } else {
                content = .array([node])
            }
            return node
        }
    }

    let node: Node
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = node.content {} else { node.content = .object([]) }
        return KeyedEncodingContainer(Keyed<Key>(node: node))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = node.content {} else { node.content = .array([]) }
        return Unkeyed(node: node)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(node: node) }

    static func encode(_ value: some Encodable, into node: Node) throws {
        switch value {
        case let value as String: node.content = .value(.string(value))
        case let value as Int: node.content = .value(.int(value))
        case let value as Double: node.content = .value(.double(value))
        case let value as Float: node.content = .value(.double(Double(value)))
        case let value as Bool: node.content = .value(.bool(value))
        // Every other integer type's `encode(to:)` asks a single-value container to encode itself: catch it here.
        case let value as any BinaryInteger:
            node.content = .value(Int(exactly: value).map(JSONValue.int) ?? .double(Double(value)))
        default: try value.encode(to: JSONValueEncoder(node: node))
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { node.member(key.stringValue).content = .value(.null) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try JSONValueEncoder.encode(value, into: node.member(key.stringValue))
        }
        // A snapshot's members are mostly these: taken without the generic path's casts.
        mutating func encode(_ value: String, forKey key: Key) throws { node.member(key.stringValue).content = .value(.string(value)) }
        mutating func encode(_ value: Int, forKey key: Key) throws { node.member(key.stringValue).content = .value(.int(value)) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { node.member(key.stringValue).content = .value(.bool(value)) }
        mutating func encode(_ value: Double, forKey key: Key) throws { node.member(key.stringValue).content = .value(.double(value)) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            JSONValueEncoder(node: node.member(key.stringValue)).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            JSONValueEncoder(node: node.member(key.stringValue)).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { JSONValueEncoder(node: node.member("super")) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { JSONValueEncoder(node: node.member(key.stringValue)) }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey] { [] }
        var count: Int {
            if case .array(let elements) = node.content { return elements.count }
            return 0
        }

        mutating func encodeNil() throws { node.element().content = .value(.null) }
        mutating func encode<T: Encodable>(_ value: T) throws { try JSONValueEncoder.encode(value, into: node.element()) }
        mutating func encode(_ value: String) throws { node.element().content = .value(.string(value)) }
        mutating func encode(_ value: Int) throws { node.element().content = .value(.int(value)) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            JSONValueEncoder(node: node.element()).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { JSONValueEncoder(node: node.element()).unkeyedContainer() }
        mutating func superEncoder() -> any Encoder { JSONValueEncoder(node: node.element()) }
    }

    struct Single: SingleValueEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { node.content = .value(.null) }
        mutating func encode<T: Encodable>(_ value: T) throws { try JSONValueEncoder.encode(value, into: node) }
        mutating func encode(_ value: String) throws { node.content = .value(.string(value)) }
        mutating func encode(_ value: Int) throws { node.content = .value(.int(value)) }
        mutating func encode(_ value: Bool) throws { node.content = .value(.bool(value)) }
        mutating func encode(_ value: Double) throws { node.content = .value(.double(value)) }
    }
}
