import AppSeam

// What several operations answer alike, written once: the error answer's shape, shared headers and answers.
extension OpenAPIText {
    /// An error answer, `{"error":{"code":…,"message":…}}` with one of `codes`: the shape most answers share, written once.
    static func error(_ description: String, _ codes: [String], headers: JSONLiteral? = noStore) -> JSONLiteral {
        var answer: JSONLiteral = ["description": .string(description)]
        answer["headers"] = headers
        let code: JSONLiteral = ["enum": .array(codes.map(JSONLiteral.string))]
        answer["content"] = [
            "application/json; charset=utf-8": [
                "schema": ["allOf": [["$ref": "#/components/schemas/Error"], ["properties": ["error": ["properties": ["code": code]]]]]]
            ]
        ]
        return answer
    }

    static let noStore: JSONLiteral = ["Cache-Control": ["$ref": "#/components/headers/NoStore"]]
    static let retryAfterNoStore: JSONLiteral = [
        "Cache-Control": ["$ref": "#/components/headers/NoStore"], "Retry-After": ["$ref": "#/components/headers/Retry-After"],
    ]
    static let retryAfter: JSONLiteral = ["Retry-After": ["schema": ["type": "string"]]]

    // Response headers several operations share.
    static let fileETag: JSONLiteral = [
        "description": """
            A fingerprint of the file's bytes (64-bit FNV-1a, 16 hex digits), quoted; `-gzip` after the digits for the gzip form \
            sent to a client whose Accept-Encoding takes it.
            """,
        "required": true,
        "schema": ["type": "string", "pattern": "^\"[0-9a-f]{16}(-gzip)?\"$"],
    ]
    static let fileCacheControl: JSONLiteral = [
        "description": "`public, max-age=31536000, immutable` when `v` is the file's version tag, else `no-cache`.",
        "required": true,
        "schema": ["enum": ["no-cache", "public, max-age=31536000, immutable"]],
    ]
    static let cachedFiveMinutes: JSONLiteral = [
        "description": "Results may be cached for five minutes.", "required": true, "schema": ["const": "public, max-age=300"],
    ]
    static let pageHeaders: JSONLiteral = [
        "Cache-Control": ["$ref": "#/components/headers/NoStore"],
        "Content-Security-Policy": ["$ref": "#/components/headers/PageCSP"],
        "X-Content-Type-Options": ["$ref": "#/components/headers/NoSniff"],
        "Referrer-Policy": ["$ref": "#/components/headers/ReferrerPolicy"],
    ]
    static let pageLocation: JSONLiteral = [
        "description": "`/rooms/{room}` or `/rooms/{room}/apps/{app}`.",
        "required": true,
        "schema": ["type": "string", "pattern": "^/rooms/[0-9a-f]{24}(/apps/[a-z][a-z0-9-]*|/compare)?$"],
    ]

    /// A path item's note on the methods it does not take.
    static func otherMethods(_ allow: String) -> JSONLiteral {
        .string(
            "Any other method on this path answers 405 `method_not_allowed` with `Allow: \(allow)` (see "
                + "`components.responses.MethodNotAllowed`).")
    }

    // Answers several operations share.
    static let fileNotModified: JSONLiteral = [
        "description": "`If-None-Match` names the file's ETag (or is `*`): not modified, no body.",
        "headers": [
            "ETag": fileETag,
            "Cache-Control": fileCacheControl,
        ],
    ]
    static let replayLimit: JSONLiteral = error("""
            This client address has replayed more history steps than `--replay-steps-per-client-per-second` allows \
            (`too_many_replays_from_client`); `Retry-After` says when to try again.
            """, ["too_many_replays_from_client"], headers: retryAfter)
    static let eventAccepted: JSONLiteral = [
        "description": """
            Accepted and applied: the tabs of the room get the change as a patch with this `seq` as its SSE `id` (the \
            room's sequence number after the event; unchanged when the event changed nothing shown).
            """,
        "content": [
            "application/json; charset=utf-8": ["schema": ["$ref": "#/components/schemas/Accepted"]],
        ],
    ]
    static let formRedirect: JSONLiteral = [
        "description": """
            Accepted and applied, for a browser form post without JavaScript (its `Accept` names `text/html` and not \
            `application/json`): back to the page it came from, the room or, when its `Referer` is a one-app page of the \
            room, that page. No body.
            """,
        "headers": [
            "Location": pageLocation,
        ],
    ]
    static let bodyTooLarge: JSONLiteral = error("""
            The body is larger than `--max-body-bytes` (16384 by default); refused before the body is read when \
            `Content-Length` says so, or as soon as it grows past the limit.
            """, ["body_too_large"])
    static let unsupportedBody: JSONLiteral = error("""
            No `Content-Type` (`missing_content_type`) or another one than `application/json` and \
            `application/x-www-form-urlencoded` (`unsupported_content_type`; parameters such as `charset` are ignored).
            """, ["missing_content_type", "unsupported_content_type"])
    static let eventBudget: JSONLiteral = error("""
            Over an event budget: `too_many_events_from_client` (this client address, every room together: \
            `--events-per-client-per-second`, bursts of `--event-burst-per-client`) or `too_many_events_in_room` \
            (everyone in this room together: `--events-per-room-per-second`, `--event-burst-per-room`). Only a request \
            that passed every other check takes a token. Nothing changed.
            """, ["too_many_events_from_client", "too_many_events_in_room"], headers: retryAfterNoStore)
    static let historyReadLimit: JSONLiteral = error("""
            This client address has read more history steps (a whole history costs its steps) than ten times \
            `--replay-steps-per-client-per-second` allows (`too_many_history_reads_from_client`); `Retry-After` says when \
            to try again.
            """, ["too_many_history_reads_from_client"], headers: retryAfter)
    static let historyBusy: JSONLiteral = error("""
            Whole-history reads run off the server threads, a few at once with 64 more waiting their turn; past that \
            `history_busy`; `Retry-After` says when to try again.
            """, ["history_busy"], headers: retryAfter)
    static let newRoomRedirect: JSONLiteral = [
        "description": "See Other: the new room.",
        "headers": ["Location": ["schema": ["type": "string", "pattern": "^/rooms/[0-9a-f]{24}$"]]],
    ]
}
