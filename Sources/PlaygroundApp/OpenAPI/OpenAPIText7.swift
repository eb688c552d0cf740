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
                    "400": error("The suite name is not letters and digits starting with a letter (`invalid_name`).",
                        ["invalid_name"], headers: nil),
                    "404": error("No room has this id (`unknown_room`).", ["unknown_room"], headers: nil),
                    "503": error("Two replays are running already (`replay_busy`); `Retry-After` says when to try again.",
                        ["replay_busy"], headers: retryAfter),
                    "429": replayLimit,
                    "409": error("""
                            The room's oldest steps were folded into a snapshot; a generated test drives the apps from a fresh start \
                            (`history_folded`). Export the room as JSON instead.
                            """, ["history_folded"], headers: nil),
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
                    "303": newRoomRedirect,
                    "400": error("`at` is missing or not a step of the history (base…steps, or `back`).",
                        ["missing_step", "invalid_step"], headers: nil),
                    "404": error("No room has this id (`unknown_room`).", ["unknown_room"], headers: nil),
                    "503": error("The room budget is used up, or two replays are running.",
                        ["room_budget_exhausted", "replay_busy"], headers: nil),
                    "429": replayLimit,
                    "410": error("""
                            Steps 1…base of this room were folded into a snapshot (its history is bounded): a fork starts at steps from \
                            the snapshot's step (`base` in the history) on (`step_folded`).
                            """, ["step_folded"], headers: nil),
                ],
            ],
        ]),
    ]
}
