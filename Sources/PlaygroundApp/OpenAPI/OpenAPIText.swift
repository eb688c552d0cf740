import AppSeam

/// The hand-kept text of the OpenAPI document: every operation of the playground's own routes and the shared
/// schemas, keyed by path and by name; the apps' parts come from the registry (`OpenAPIDocument`).
enum OpenAPIText {
    static let info: JSONLiteral = [
        "title": "Architecture Playground",
        "version": "1.0.0",
        "summary": "SwiftUI architectures as live Swift runtimes, driven over HTTP and streamed as Server-Sent Events.",
        "description": """
            **Errors.** Every error is `{\"error\":{\"code\":…,\"message\":…}}` with `Cache-Control: no-store`; each answer below lists \
            the codes it can carry, and a refused request changes nothing. Common to every path: a path no route serves is 404 \
            `not_found` (`components.responses.NotFound`); a known path with a method it does not take is 405 `method_not_allowed` with \
            `Allow` (`components.responses.MethodNotAllowed`); every GET also answers HEAD (the same status and headers, no body); a \
            request body over `--max-body-bytes` is 413 `body_too_large` on any path. A header value holding a NUL byte, or a header \
            folded onto a second line (obs-fold), is 400 `invalid_header` on any path (`components.responses.InvalidHeader`): the server \
            would read the value cut short at the NUL. Path parameters are percent-decoded before routing, so an encoded `/` in one names \
            another path. A request still waiting for its answer when the server stops (an event waiting for its journal write, a replay) \
            is answered 503 `shutting_down`. One exception to the JSON shape: a request line or head too large for \
            `--connection-memory-limit` (8 KiB by default) is refused by libmicrohttpd itself with 414 or 431, a small HTML body and no \
            `Content-Type`.\n\n**Limits.** Every budget is a flag of `playground` (`--help`); the defaults suit a lecture hall of 500 \
            tabs behind one NAT address. Per client address: `--events-per-client-per-second`/`--event-burst-per-client` (429 \
            `too_many_events_from_client`), `--max-streams-per-client` (429); per room: \
            `--events-per-room-per-second`/`--event-burst-per-room` (429 `too_many_events_in_room`); per server: `--max-streams` (503), \
            `--max-rooms` (503 on `GET /` only when every room has a stream). Behind a proxy, only `--trusted-proxy` peers' \
            `X-Forwarded-For`/`Forwarded` name the client.
            """,
        "license": ["name": "MIT", "identifier": "MIT"],
    ]
    static let tags: JSONLiteral = [
        ["name": "rooms", "description": "Rooms, their pages, events, actions and streams."],
        ["name": "movies", "description": "The film search the MVI sample fetches from."],
        [
            "name": "posts",
            "description": "The JSONPlaceholder-compatible posts and users the NiceArchitecture sample fetches from.",
        ],
        ["name": "hosting", "description": "Health, metrics, static files and this document."],
    ]
    static let servers: JSONLiteral = [["url": "http://127.0.0.1:8080", "description": "`make run`"]]
    static let paths: [(String, JSONLiteral)] = paths1 + paths2 + paths3 + paths4 + paths5 + paths6 + paths7 + paths8 + paths11 + paths12 + paths13
    static let schemas: [(String, JSONLiteral)] = schemas8 + schemas9 + schemas11 + schemas13
    static let parameters: [(String, JSONLiteral)] = parameters10
    static let headers: [(String, JSONLiteral)] = headers10
    static let responses: [(String, JSONLiteral)] = responses10
}
