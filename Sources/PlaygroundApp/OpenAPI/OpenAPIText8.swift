import AppSeam

// The text of the operations and shared schemas of the playground's own routes (not the apps').
extension OpenAPIText {
    static let paths8: [(String, JSONLiteral)] = [
        ("/rooms/import", [
            "post": [
                "operationId": "importRoom",
                "tags": ["journal"],
                "summary": "A new room in the state an exported document describes",
                "requestBody": [
                    "required": true,
                    "content": ["application/json": ["schema": ["$ref": "#/components/schemas/JournalDocument"]]],
                ],
                "responses": [
                    "303": newRoomRedirect,
                    "400": error("Not an exported room: empty, not JSON, truncated, wrong format or version, a bad seed, a delivery count below 0.",
                        ["empty_document", "invalid_document", "wrong_format", "unsupported_version", "invalid_seed"], headers: nil),
                    "413": error("Over 4 MiB.", ["body_too_large"], headers: nil),
                    "422": error("""
                            It does not fit this playground: an unknown app, too many steps, steps out of order, delivery counts that go \
                            back, a delivery order that is malformed, too long or orders more than was applied (`invalid_delivery_order`: \
                            a step's `order` or the `tail`, which must follow the last step), a step the apps refuse, an answer no effect waits for, or a replay that does not reach what the \
                            document's witnesses recorded; or the base snapshot of a version 3 document does not restore \
                            (`invalid_snapshot`: a missing or foreign app checkpoint, a step out of range).
                            """,
                        [
                            "unknown_app",
                            "too_many_steps",
                            "steps_out_of_order",
                            "invalid_step",
                            "journal_full",
                            "deliveries_out_of_order",
                            "invalid_delivery_order",
                            "replay_diverged",
                            "invalid_snapshot",
                        ], headers: nil),
                    "503": error("""
                            The room budget is used up, the replays are busy (`replay_busy`), or all large uploads together hold 16 MiB \
                            (`too_many_uploads`).
                            """, ["room_budget_exhausted", "replay_busy", "too_many_uploads"], headers: nil),
                    "429": error("""
                            This client address has replayed more history steps than `--replay-steps-per-client-per-second` allows \
                            (`too_many_replays_from_client`), sent more KiB of documents to check than its budget \
                            (`--import-kilobytes-per-client-per-second`, 1,024 KiB/s, bursts of 8,192: `too_many_imports_from_client`), \
                            or already sends a large upload (`too_many_uploads_from_client`); `Retry-After` says when to try again.
                            """, ["too_many_replays_from_client"], headers: retryAfter),
                ],
            ],
        ]),
    ]
    static let schemas8: [(String, JSONLiteral)] = [
        ("Error", [
            "description": """
                Every error the server answers (besides libmicrohttpd's own 414/431, see the API description). The message says what was \
                wrong and what is accepted; a refused request changes nothing.
                """,
            "type": "object",
            "required": ["error"],
            "additionalProperties": false,
            "properties": [
                "error": [
                    "type": "object",
                    "required": ["code", "message"],
                    "additionalProperties": false,
                    "properties": [
                        "code": [
                            "type": "string",
                            "pattern": "^[a-z_]+$",
                            "description": "Stable and machine-readable.",
                        ],
                        "message": ["type": "string", "minLength": 1, "description": "For people."],
                    ],
                ],
            ],
            "example": [
                "error": [
                    "code": "unknown_room",
                    "message": "There is no room \"x\"; rooms close when idle. Open / to get a new one.",
                ],
            ],
        ]),
        ("SourceField", [
            "description": """
                Ignored by the app: a field the server drops before decoding (old pages' forms sent it). Any string, number, boolean or \
                null.
                """,
            "type": ["string", "number", "boolean", "null"],
        ]),
        ("ControlPress", [
            "description": "A control's press, as its form posts it.",
            "type": "object",
            "properties": [
                "app": [
                    "$ref": "#/components/schemas/AppID",
                    "description": "The app whose view holds the control (the form's hidden field).",
                ],
                "control": [
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 512,
                    "description": """
                        The control's id as its form on the page has it: eight characters (`A-Z a-z 0-9 - _`), 48 bits of the hash of its \
                        position in the view tree; the position written out (`/T/0/…`, as older pages and journals have it) names the \
                        same control (at most 512 bytes of UTF-8).
                        """,
                    "example": "/0/1/0",
                ],
                "value": [
                    "type": "string",
                    "description": """
                        A text field's text or a toggle's new state (`true`/`false`); a button ignores it. What the control does not take \
                        is a 400 `invalid_action_value`.
                        """,
                ],
                "_source": ["$ref": "#/components/schemas/SourceField"],
            ],
            "required": ["app", "control"],
            "additionalProperties": false,
        ]),
        ("Accepted", [
            "type": "object",
            "required": ["seq"],
            "additionalProperties": false,
            "properties": [
                "seq": [
                    "type": "integer",
                    "minimum": 0,
                    "description": "The room's sequence number after the event (the `id` of its patch).",
                ],
            ],
            "example": ["seq": 1],
        ]),
        ("PatchMessage", [
            "description": "One message of the stream, as an EventSource sees it.",
            "type": "object",
            "required": ["event", "id", "data"],
            "properties": [
                "event": ["const": "patch"],
                "id": ["type": "string", "pattern": "^[0-9]+$", "description": "The room's sequence number."],
                "data": [
                    "type": "string",
                    "minLength": 1,
                    "description": """
                        HTML fragments, one after another; each root element's `id` names the element it replaces (the app's id, `-` and \
                        a name).
                        """,
                ],
                "retry": ["type": "integer", "minimum": 0],
            ],
            "additionalProperties": false,
        ]),
    ]
}
