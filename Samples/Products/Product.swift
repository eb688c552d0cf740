/// One product of the list: a film from the shipped catalog.
public struct Product: Sendable, Equatable, Identifiable, Codable {
    public let id: Int
    public let title: String
    public let year: String
    public let rating: Double
    public let overview: String
}
