/// One HTTP request as the responder sees it: method, decoded path and query, headers and the whole body.
public struct HTTPRequest: Sendable {
    /// The request method.
    public var method: HTTPMethod
    /// The URL path as libmicrohttpd gives it: percent-decoded, without the query.
    public var path: String
    /// The decoded query arguments in order; `?flag` gives an empty value.
    public var query: [(name: String, value: String)]
    /// The request headers; lookup is case-insensitive (`request.headers["last-event-id"]`).
    public var headers: HTTPHeaders
    /// The request body (at most `HTTPServerConfiguration.maxBodyBytes`).
    public var body: [UInt8]
    /// The peer's IP address, when known (a reverse proxy's, behind one).
    public var remoteAddress: String?
    /// The client's IP address: the peer's, or the address a trusted proxy forwarded
    /// (`HTTPServerConfiguration.trustedProxies`). Per-client limits key on this.
    public var clientAddress: String?

    /// A request built by hand (tests, in-process routing).
    public init(
        method: HTTPMethod,
        path: String,
        query: [(name: String, value: String)] = [],
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [],
        remoteAddress: String? = nil,
        clientAddress: String? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
        self.clientAddress = clientAddress ?? remoteAddress
    }

    /// The first query value named `name`, or nil.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// The body decoded as UTF-8 (invalid sequences repaired).
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}
