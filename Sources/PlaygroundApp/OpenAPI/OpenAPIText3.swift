import AppSeam

// The text of the operations and shared schemas of the playground's own routes (not the apps').
extension OpenAPIText {
    static let paths3: [(String, JSONLiteral)] = [
        ("/rooms/{room}/stream", [
            "description": otherMethods("GET, HEAD"),
            "parameters": [["$ref": "#/components/parameters/Room"]],
            "get": [
                "operationId": "roomStream",
                "tags": ["rooms"],
                "summary": "The room's changes as Server-Sent Events",
                "description": """
                    One stream per tab for every pane of the room. It starts with `retry:` (2000 ms; a block without data), then, for a \
                    client that sends the last `id` it saw (`Last-Event-ID`, or `since` on a first connection), exactly the messages it \
                    missed (none, and a comment `: up to date at N`, when it missed nothing), or, when the room no longer has them or no \
                    id was sent, one message that resyncs every pane. After that, one message per change, the same bytes for every \
                    subscriber, and a comment line every `--heartbeat-seconds`. The stream does not end on its own; a client that stops \
                    reading is dropped once `--stream-queue-limit` messages wait for it (it resyncs when it comes back). HEAD answers the \
                    headers and closes.\n\nEach message is `event: patch`, `id: <room sequence>` and `data:` lines holding HTML fragments \
                    whose root element's `id` names the element each replaces. The schema below describes one message (the convention for \
                    `text/event-stream` before OpenAPI 3.2's `itemSchema`).
                    """,
                "parameters": [
                    [
                        "name": "Last-Event-ID",
                        "in": "header",
                        "required": false,
                        "description": """
                            The `id` of the last message seen (a reconnecting EventSource sends it). Read as a decimal sequence number; \
                            anything else is ignored and the stream starts with a resync. Wins over `since`.
                            """,
                        "schema": ["type": "string"],
                        "example": "12",
                    ],
                    [
                        "name": "since",
                        "in": "query",
                        "required": false,
                        "description": """
                            The same as `Last-Event-ID`, for a first connection (the page passes the sequence number it was rendered at). \
                            Anything that is not a decimal sequence number is ignored.
                            """,
                        "schema": ["type": "string"],
                        "example": "12",
                    ],
                ],
                "responses": [
                    "200": [
                        "description": "The stream (endless).",
                        "headers": [
                            "Cache-Control": ["required": true, "schema": ["const": "no-cache"]],
                            "X-Accel-Buffering": [
                                "description": "Tells nginx not to buffer the stream.",
                                "required": true,
                                "schema": ["const": "no"],
                            ],
                        ],
                        "content": [
                            "text/event-stream; charset=utf-8": [
                                "schema": ["$ref": "#/components/schemas/PatchMessage"],
                            ],
                        ],
                    ],
                    "400": ["$ref": "#/components/responses/InvalidHeader"],
                    "404": error("No room has this id (`unknown_room`): it never existed, or it closed.", ["unknown_room"]),
                    "429": error("""
                            This client address already holds `--max-streams-per-client` streams (`too_many_streams_from_client`).
                            """, ["too_many_streams_from_client"], headers: retryAfterNoStore),
                    "503": error("The server holds `--max-streams` streams, or is shutting down (`too_many_streams`).",
                        ["too_many_streams"], headers: retryAfterNoStore),
                ],
            ],
        ]),
        ("/rooms/{room}/state", [
            "description": otherMethods("GET, HEAD"),
            "parameters": [["$ref": "#/components/parameters/Room"]],
            "get": [
                "operationId": "roomState",
                "tags": ["rooms"],
                "summary": "Every app's state",
                "responses": [
                    "200": [
                        "description": "One key per app, in page order.",
                        "content": [
                            "application/json; charset=utf-8": ["schema": ["$ref": "#/components/schemas/State"]],
                        ],
                    ],
                    "404": error("No room has this id (`unknown_room`): it never existed, or it closed.", ["unknown_room"]),
                ],
            ],
        ]),
    ]
}
