/// Values captured by a route pattern's `:name` (one segment) and `*name` (rest of the path) segments.
public struct RouteParameters: Sendable, Equatable {
    /// The captured pairs in pattern order.
    public private(set) var pairs: [(name: String, value: String)]

    /// Parameters from explicit pairs.
    public init(_ pairs: [(name: String, value: String)] = []) { self.pairs = pairs }

    /// The value captured for `name`, or nil.
    public subscript(name: String) -> String? { pairs.first { $0.name == name }?.value }

    /// Pairwise equality.
    public static func == (lhs: RouteParameters, rhs: RouteParameters) -> Bool {
        lhs.pairs.count == rhs.pairs.count && zip(lhs.pairs, rhs.pairs).allSatisfy { $0 == $1 }
    }

    mutating func append(_ name: String, _ value: String) { pairs.append((name: name, value: value)) }
}
