import AppSeam

// The text of the operations and shared schemas of the playground's own routes (not the apps').
extension OpenAPIText {
    static let paths7: [(String, JSONLiteral)] = [
        ("/rooms/{room}/export.swift", [
            "parameters": [["$ref": "#/components/parameters/Room"]],
            "get": [
                "operationId": "exportRoomAsSwiftTest",
                "tags": ["journal"],
                "summary": """
                    The session as a Swift Testing file: each app replays its inputs and recorded answers and asserts every snapshot
                    """,
                "parameters": [
                    [
                        "name": "name",
                        "in": "query",
                        "required": false,
                        "schema": ["type": "string", "pattern": "^[A-Za-z][A-Za-z0-9]{0,39}$"],
                    ],
                ],
                "responses": [
                    "200": [
                        "description": "Swift source.",
                        "content": ["text/x-swift; charset=utf-8": ["schema": ["type": "string"]]],
                    ],
                    "400": [
                        "description": "The suite name is not letters and digits starting with a letter (`invalid_name`).",
                        "content": [
                            "application/json; charset=utf-8": [
                                "schema": [
                                    "allOf": [
                                        ["$ref": "#/components/schemas/Error"],
                                        ["properties": ["error": ["properties": ["code": ["enum": ["invalid_name"]]]]]],
                                    ],
                                ],
                            ],
                        ],
                    ],
                    "404": [
                        "description": "No room has this id (`unknown_room`).",
                        "content": [
                            "application/json; charset=utf-8": [
                                "schema": [
                                    "allOf": [
                                        ["$ref": "#/components/schemas/Error"],
                                        ["properties": ["error": ["properties": ["code": ["enum": ["unknown_room"]]]]]],
                                    ],
                                ],
                            ],
                        ],
                    ],
                    "503": [
                        "description": "Two replays are running already (`replay_busy`); `Retry-After` says when to try again.",
                        "content": [
                            "application/json; charset=utf-8": [
                                "schema": [
                                    "allOf": [
                                        ["$ref": "#/components/schemas/Error"],
                                        ["properties": ["error": ["properties": ["code": ["enum": ["replay_busy"]]]]]],
                                    ],
                                ],
                            ],
                        ],
                        "headers": ["Retry-After": ["schema": ["type": "string"]]],
                    ],
                    "429": [
                        "description": """
                            This client address has replayed more history steps than `--replay-steps-per-client-per-second` allows \
                            (`too_many_replays_from_client`); `Retry-After` says when to try again.
                            """,
                        "headers": ["Retry-After": ["schema": ["type": "string"]]],
                        "content": [
                            "application/json; charset=utf-8": [
                                "schema": [
                                    "allOf": [
                                        ["$ref": "#/components/schemas/Error"],
                                        [
                                            "properties": [
                                                "error": [
                                                    "properties": ["code": ["enum": ["too_many_replays_from_client"]]],
                                                ],
                                            ],
                                        ],
                                    ],
                                ],
                            ],
                        ],
                    ],
                    "409": [
                        "description": """
                            The room's oldest steps were folded into a snapshot; a generated test drives the apps from a fresh start \
                            (`history_folded`). Export the room as JSON instead.
                            """,
                        "content": [
                            "application/json; charset=utf-8": [
                                "schema": [
                                    "allOf": [
                                        ["$ref": "#/components/schemas/Error"],
                                        [
                                            "properties": [
                                                "error": ["properties": ["code": ["enum": ["history_folded"]]]],
                                            ],
                                        ],
                                    ],
                                ],
                            ],
                        ],
                    ],
                ],
            ],
        ]),
        ("/rooms/{room}/fork", [
            "parameters": [["$ref": "#/components/parameters/Room"]],
            "post": [
                "operationId": "forkRoom",
                "tags": ["journal"],
                "summary": "A new room holding the steps 1…at",
                "parameters": [
                    [
                        "name": "at",
                        "in": "query",
                        "required": false,
                        "schema": ["type": "string", "pattern": "^([0-9]{1,9}|back|first)$"],
                    ],
                ],
                "responses": [
                    "303": [
                        "description": "See Other: the new room.",
                        "headers": ["Location": ["schema": ["type": "string", "pattern": "^/rooms/[0-9a-f]{24}$"]]],
                    ],
                    "400": [
                        "description": "`at` is missing or not a step of the history (base…steps, or `back`).",
                        "content": [
                            "application/json; charset=utf-8": [
                                "schema": [
                                    "allOf": [
                                        ["$ref": "#/components/schemas/Error"],
                                        [
                                            "properties": [
                                                "error": [
                                                    "properties": ["code": ["enum": ["missing_step", "invalid_step"]]],
                                                ],
                                            ],
                                        ],
                                    ],
                                ],
                            ],
                        ],
                    ],
                    "404": [
                        "description": "No room has this id (`unknown_room`).",
                        "content": [
                            "application/json; charset=utf-8": [
                                "schema": [
                                    "allOf": [
                                        ["$ref": "#/components/schemas/Error"],
                                        ["properties": ["error": ["properties": ["code": ["enum": ["unknown_room"]]]]]],
                                    ],
                                ],
                            ],
                        ],
                    ],
                    "503": [
                        "description": "The room budget is used up, or two replays are running.",
                        "content": [
                            "application/json; charset=utf-8": [
                                "schema": [
                                    "allOf": [
                                        ["$ref": "#/components/schemas/Error"],
                                        [
                                            "properties": [
                                                "error": [
                                                    "properties": [
                                                        "code": ["enum": ["room_budget_exhausted", "replay_busy"]],
                                                    ],
                                                ],
                                            ],
                                        ],
                                    ],
                                ],
                            ],
                        ],
                    ],
                    "429": [
                        "description": """
                            This client address has replayed more history steps than `--replay-steps-per-client-per-second` allows \
                            (`too_many_replays_from_client`); `Retry-After` says when to try again.
                            """,
                        "headers": ["Retry-After": ["schema": ["type": "string"]]],
                        "content": [
                            "application/json; charset=utf-8": [
                                "schema": [
                                    "allOf": [
                                        ["$ref": "#/components/schemas/Error"],
                                        [
                                            "properties": [
                                                "error": [
                                                    "properties": ["code": ["enum": ["too_many_replays_from_client"]]],
                                                ],
                                            ],
                                        ],
                                    ],
                                ],
                            ],
                        ],
                    ],
                    "410": [
                        "description": """
                            Steps 1…base of this room were folded into a snapshot (its history is bounded): a fork starts at steps from \
                            the snapshot's step (`base` in the history) on (`step_folded`).
                            """,
                        "content": [
                            "application/json; charset=utf-8": [
                                "schema": [
                                    "allOf": [
                                        ["$ref": "#/components/schemas/Error"],
                                        ["properties": ["error": ["properties": ["code": ["enum": ["step_folded"]]]]]],
                                    ],
                                ],
                            ],
                        ],
                    ],
                ],
            ],
        ]),
    ]
}
