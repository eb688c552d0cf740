/// A parsed route pattern such as `/rooms/:id/events` or `/public/*path`.
struct RoutePattern: Sendable {
    enum Segment: Sendable, Equatable {
        case literal(Substring)
        case parameter(String)
        case rest(String)
    }

    let segments: [Segment]
    /// Segments that are not literal: of two patterns matching a path, the one with fewer is the path's own
    /// (`/rooms/import` over `/rooms/:room`).
    let variableCount: Int
    /// Where a `*name` segment is, if any (a path may then have more segments than the pattern).
    private let restIndex: Int?

    init(_ pattern: String) {
        segments = Self.segments(of: pattern).map { segment in
            if segment.hasPrefix(":") { return .parameter(String(segment.dropFirst())) }
            if segment.hasPrefix("*") { return .rest(String(segment.dropFirst())) }
            return .literal(segment)
        }
        variableCount = segments.filter { if case .literal = $0 { false } else { true } }.count
        restIndex = segments.firstIndex { if case .rest = $0 { true } else { false } }
    }

    /// Path segments without the leading `/`; empty segments are kept so `//` never matches a literal route.
    /// Split at every `/` byte: by `Character`, a combining mark right after a `/` (`/rooms/%CC%81/state`) would
    /// join it and hide the separator.
    static func segments(of path: String) -> [Substring] {
        let bytes = path.utf8
        let start = bytes.first == UInt8(ascii: "/") ? bytes.index(after: bytes.startIndex) : bytes.startIndex
        return bytes[start...].split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { Substring($0) }
    }

    /// The captured parameters when `path` matches, else nil. Parameters never match an empty segment.
    func match(_ path: [Substring]) -> RouteParameters? {
        // Every request tries every route: refuse most of them before making any parameter.
        guard matches(path) else { return nil }
        var parameters = RouteParameters()
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .rest(let name):
                guard index < path.count else { return nil }
                parameters.append(name, path[index...].joined(separator: "/"))
                return parameters
            case .literal(let literal):
                guard index < path.count, path[index] == literal else { return nil }
            case .parameter(let name):
                guard index < path.count, !path[index].isEmpty else { return nil }
                parameters.append(name, String(path[index]))
            }
        }
        return path.count == segments.count ? parameters : nil
    }

    /// Whether `path` matches, without capturing anything (what ``match(_:)`` would not return nil for).
    func matches(_ path: [Substring]) -> Bool {
        guard path.count == segments.count || restIndex.map({ path.count > $0 }) == true else { return false }
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .rest: return true
            case .literal(let literal): if path[index] != literal { return false }
            case .parameter: if path[index].isEmpty { return false }
            }
        }
        return true
    }
}
