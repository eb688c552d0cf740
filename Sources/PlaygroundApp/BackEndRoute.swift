import PlaygroundHTTP

/// A `GET` route of a demo back end a sample fetches from (the posts API, the film search), served beside the rooms.
/// The composition root lists them in ``PlaygroundConfiguration/backEnds``: the playground knows no sample's back end.
public struct BackEndRoute: Sendable {
    /// The path, with `:name` segments (`/posts/:id`).
    public let path: String
    /// The answer, on the server's thread (no room is involved).
    public let answer: @Sendable (_ request: HTTPRequest, _ parameters: RouteParameters) -> HTTPResponse

    public init(_ path: String, answer: @escaping @Sendable (_ request: HTTPRequest, _ parameters: RouteParameters) -> HTTPResponse) {
        self.path = path
        self.answer = answer
    }
}
