import PlaygroundUI

/// Reads a `Decodable` enum from a flat envelope: the event names the case, the other fields its labelled values.
///
/// Swift's synthesized enum decoding asks for a keyed container with one key (the case) whose nested container
/// holds the values by label, so the envelope is presented as `{event: {arguments}}`. Only scalar values
/// (strings, whole and fractional numbers, booleans, optionals) are read; a form's text is read as a number or
/// a boolean when the type asks for one, as JSON's typed values are.
enum EnvelopeDecoder {
    static func decode<Input: Decodable & AppInput>(
        _ type: Input.Type, event: String, arguments: [String: EventArgument]
    ) throws(AppInputError) -> Input {
        let reading = Reading(event: event, arguments: arguments)
        let value: Input
        do {
            value = try Input(from: EventDecoder(reading: reading))
        } catch let error as AppInputError {
            throw error
        } catch {
            if !reading.eventMatched {
                let accepted = Input.examples.map(\.input.eventName).reduce(into: [String]()) { names, name in
                    if !names.contains(name) { names.append(name) }
                }
                throw AppInputError(
                    .unknownEvent, "There is no event \(quoted(event)); accepted: \(accepted.joined(separator: ", ")).")
            }
            throw AppInputError(.invalidArgument, "The event \(quoted(event)) could not be read: \(error).")
        }
        if let extra = arguments.keys.filter({ !reading.used.contains($0) }).sorted().first {
            let takes = reading.asked.isEmpty ? "no arguments" : reading.asked.map(quoted).joined(separator: ", ")
            throw AppInputError(
                .unexpectedArgument, "The event \(quoted(event)) takes \(takes), but \(quoted(extra)) was given.")
        }
        return value
    }

    /// What the decoding read so far, for errors worded after what the type asked for.
    final class Reading {
        let event: String
        let arguments: [String: EventArgument]
        var eventMatched = false
        var used: Set<String> = []
        var asked: [String] = []

        init(event: String, arguments: [String: EventArgument]) {
            (self.event, self.arguments) = (event, arguments)
        }
    }

    struct EventDecoder: Decoder {
        let reading: Reading
        var codingPath: [any CodingKey] = []
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            KeyedDecodingContainer(EventContainer<Key>(reading: reading))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw Self.notFlat(codingPath) }
        func singleValueContainer() throws -> any SingleValueDecodingContainer { throw Self.notFlat(codingPath) }

        static func notFlat(_ path: [any CodingKey]) -> DecodingError {
            .typeMismatch(Any.self, .init(codingPath: path, debugDescription: "an input is an enum read from a flat envelope"))
        }
    }

    /// `{event: …}`: one key, the event's name, when the type has such a case.
    struct EventContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let reading: Reading
        var codingPath: [any CodingKey] { [] }

        var allKeys: [Key] {
            guard let key = Key(stringValue: reading.event) else { return [] }
            reading.eventMatched = true
            return [key]
        }

        func contains(_ key: Key) -> Bool { key.stringValue == reading.event }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            KeyedDecodingContainer(ArgumentsContainer<NestedKey>(reading: reading))
        }

        func decodeNil(forKey key: Key) throws -> Bool { throw EventDecoder.notFlat([key]) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { throw EventDecoder.notFlat([key]) }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw EventDecoder.notFlat([key]) }
        func superDecoder() throws -> any Decoder { throw EventDecoder.notFlat([]) }
        func superDecoder(forKey key: Key) throws -> any Decoder { throw EventDecoder.notFlat([key]) }
    }

    /// The event's arguments by label; each one read is marked used, so leftovers are reported as unexpected.
    struct ArgumentsContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let reading: Reading
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { reading.arguments.keys.compactMap(Key.init(stringValue:)) }

        /// Asked for an optional argument: it counts among what the event takes, given or not.
        func contains(_ key: Key) -> Bool {
            if !reading.asked.contains(key.stringValue) { reading.asked.append(key.stringValue) }
            return reading.arguments[key.stringValue] != nil
        }

        private func argument(_ key: Key, _ kind: String) throws(AppInputError) -> EventArgument {
            let name = key.stringValue
            if !reading.asked.contains(name) { reading.asked.append(name) }
            guard let argument = reading.arguments[name] else {
                throw AppInputError(.missingArgument, "The event \(quoted(reading.event)) needs \(quoted(name)), \(kind); it is missing.")
            }
            reading.used.insert(name)
            return argument
        }

        private func wrong(_ key: Key, _ kind: String) -> AppInputError {
            AppInputError(.invalidArgument, "The event \(quoted(reading.event)) needs \(quoted(key.stringValue)) to be \(kind).")
        }

        /// A number that is not one: what was given, and how numbers are written.
        private func notANumber(_ key: Key, _ kind: String, _ given: EventArgument) -> AppInputError {
            let shown =
                switch given {
                case .string(let text): "the string \(quoted(text))"
                case .formText(let text): quoted(text)
                case .integer(let value): String(value)
                case .number(let value): String(value)
                case .boolean(let value): String(value)
                case .null: "null"
                }
            return AppInputError(
                .invalidArgument,
                "The event \(quoted(reading.event)) needs \(quoted(key.stringValue)) to be \(kind), written as "
                    + EventArgument.numberSyntax + "; got \(shown).")
        }

        func decodeNil(forKey key: Key) throws -> Bool {
            if !reading.asked.contains(key.stringValue) { reading.asked.append(key.stringValue) }
            guard let argument = reading.arguments[key.stringValue] else { return true }
            if argument == .null { reading.used.insert(key.stringValue) }
            return argument == .null
        }

        func decode(_ type: String.Type, forKey key: Key) throws -> String {
            guard let text = try argument(key, "a string").text else { throw wrong(key, "a string") }
            return text
        }

        func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
            let given = try argument(key, "an integer")
            guard let value = given.integer else { throw notANumber(key, "an integer", given) }
            return value
        }

        func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
            let given = try argument(key, "a number")
            guard let value = given.decimal else { throw notANumber(key, "a number", given) }
            return value
        }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
            switch try argument(key, "true or false") {
            case .boolean(let value): return value
            case .formText("true"): return true
            case .formText("false"): return false
            default: throw wrong(key, "true or false")
            }
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            throw wrong(key, "a string, a number or a boolean (\(T.self) is not read from a flat envelope)")
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            throw EventDecoder.notFlat([key])
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw EventDecoder.notFlat([key]) }
        func superDecoder() throws -> any Decoder { throw EventDecoder.notFlat([]) }
        func superDecoder(forKey key: Key) throws -> any Decoder { throw EventDecoder.notFlat([key]) }
    }
}

/// The other way: an `Encodable` enum as envelope fields, `event` first (curl twins, forms).
enum EnvelopeEncoder {
    static func fields(of value: some Encodable) -> [(name: String, value: EventArgument)] {
        let writing = Writing()
        try? value.encode(to: EventEncoder(writing: writing))
        return [("event", .string(writing.event))] + writing.fields
    }

    final class Writing {
        var event = ""
        var fields: [(name: String, value: EventArgument)] = []
    }

    struct EventEncoder: Encoder {
        let writing: Writing
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            KeyedEncodingContainer(EventContainer<Key>(writing: writing, top: true))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer { fatalError("an input is an enum written as a flat envelope") }
        func singleValueContainer() -> any SingleValueEncodingContainer { fatalError("an input is an enum written as a flat envelope") }
    }

    struct EventContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let writing: Writing
        let top: Bool
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { writing.fields.append((key.stringValue, .null)) }
        mutating func encode(_ value: String, forKey key: Key) throws { writing.fields.append((key.stringValue, .string(value))) }
        mutating func encode(_ value: Int, forKey key: Key) throws { writing.fields.append((key.stringValue, .integer(value))) }
        mutating func encode(_ value: Double, forKey key: Key) throws { writing.fields.append((key.stringValue, .number(value))) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { writing.fields.append((key.stringValue, .boolean(value))) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            throw EncodingError.invalidValue(value, .init(codingPath: [key], debugDescription: "only scalars in a flat envelope"))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            if top { writing.event = key.stringValue }
            return KeyedEncodingContainer(EventContainer<NestedKey>(writing: writing, top: false))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { fatalError("only scalars in a flat envelope") }
        mutating func superEncoder() -> any Encoder { fatalError("only scalars in a flat envelope") }
        mutating func superEncoder(forKey key: Key) -> any Encoder { fatalError("only scalars in a flat envelope") }
    }
}
