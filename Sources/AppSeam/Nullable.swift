/// An optional a snapshot writes as `null` when it is nil: `/state` keeps every key (a synthesized `Encodable`
/// leaves a nil one out), so a snapshot type needs no hand-written `encode(to:)`.
///
/// ```swift
/// struct Snapshot: Encodable { var items: [String]; @Nullable var alert: String? }   // {"items":[],"alert":null}
/// ```
@propertyWrapper
public struct Nullable<Value> {
    public var wrappedValue: Value?
    public init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }
}

extension Nullable: Encodable where Value: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension Nullable: Sendable where Value: Sendable {}
extension Nullable: Equatable where Value: Equatable {}
