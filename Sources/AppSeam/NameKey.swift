/// A coding key that is only a name, for objects whose keys are chosen at run time (a checkpoint's fields, a posted
/// event's name as its one key): one type for them all.
public struct NameKey: CodingKey, Sendable {
    public let stringValue: String
    public var intValue: Int? { nil }
    public init(_ name: String) { stringValue = name }
    public init(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }
}
