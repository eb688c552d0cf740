import AppSeam

// The text of the operations and shared schemas of the playground's own routes (not the apps').
extension OpenAPIText {
    static let paths2: [(String, JSONLiteral)] = [
        ("/posts/{id}", [
            "description": otherMethods("GET, HEAD"),
            "parameters": [
                [
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "The post's id: a whole number from 1 in decimal digits, no sign or leading zero.",
                    "schema": ["type": "integer", "minimum": 1],
                    "example": 3,
                ],
            ],
            "get": [
                "operationId": "getPost",
                "tags": ["posts"],
                "summary": "One post",
                "responses": [
                    "200": [
                        "description": "The post.",
                        "headers": [
                            "Cache-Control": cachedFiveMinutes,
                        ],
                        "content": [
                            "application/json; charset=utf-8": ["schema": ["$ref": "#/components/schemas/Post"]],
                        ],
                    ],
                    "400": error("""
                            The id is not a whole number from 1 in decimal digits (`invalid_post_id`: `0`, `-1`, `+3`, `03`, `3.0`, \
                            `abc`), as the posts app's `postId` refuses it; the message names the ids there are.
                            """, ["invalid_post_id"]),
                    "404": error("No post has this id, a whole number from 1 (`no_such_post`); the message names the ids there are.",
                        ["no_such_post"]),
                ],
            ],
        ]),
        ("/users", [
            "description": otherMethods("GET, HEAD"),
            "get": [
                "operationId": "listUsers",
                "tags": ["posts"],
                "summary": "Every user, in JSONPlaceholder's shape",
                "description": "The authors of the posts (10 with the shipped data), which the UserService fetches.",
                "responses": [
                    "200": [
                        "description": "Every user, by id.",
                        "headers": [
                            "Cache-Control": cachedFiveMinutes,
                        ],
                        "content": [
                            "application/json; charset=utf-8": [
                                "schema": ["type": "array", "items": ["$ref": "#/components/schemas/User"]],
                            ],
                        ],
                    ],
                ],
            ],
        ]),
        ("/rooms/{room}", [
            "description": otherMethods("GET, HEAD"),
            "parameters": [["$ref": "#/components/parameters/Room"]],
            "get": [
                "operationId": "roomPage",
                "tags": ["rooms"],
                "summary": "The room page",
                "description": """
                    Every app's pane rendered from the room's current state, an index of the architectures at the top (`#` and each app's \
                    id), each event's curl twin and the samples' Swift sources. Every button is a form that POSTs to \
                    `/rooms/{room}/events` (or `/actions`), so the page works with JavaScript off; with it on, the page follows \
                    `/rooms/{room}/stream`.
                    """,
                "responses": [
                    "200": [
                        "description": "The page.",
                        "headers": pageHeaders,
                        "content": ["text/html; charset=utf-8": ["schema": ["type": "string", "contentMediaType": "text/html"]]],
                    ],
                    "404": [
                        "description": """
                            No room has this id (`unknown_room`): JSON, or, for a client whose `Accept` names `text/html` and not \
                            `application/json` (a browser following an old link), a page saying so.
                            """,
                        "headers": ["Cache-Control": ["$ref": "#/components/headers/NoStore"]],
                        "content": [
                            "application/json; charset=utf-8": [
                                "schema": [
                                    "allOf": [
                                        ["$ref": "#/components/schemas/Error"],
                                        ["properties": ["error": ["properties": ["code": ["enum": ["unknown_room"]]]]]],
                                    ],
                                ],
                            ],
                            "text/html; charset=utf-8": ["schema": ["type": "string", "contentMediaType": "text/html"]],
                        ],
                    ],
                    "400": error("`at` is not a step of the history.", ["invalid_step"], headers: nil),
                    "503": error("Two replays are running already (`replay_busy`); `Retry-After` says when to try again.",
                        ["replay_busy"], headers: retryAfter),
                    "429": replayLimit,
                    "410": error("""
                            Steps 1…base of this room were folded into a snapshot (its history is bounded): `?at=N` shows steps from the \
                            snapshot's step (`base` in the history) on (`step_folded`).
                            """, ["step_folded"], headers: nil),
                ],
                "parameters": [
                    [
                        "name": "at",
                        "in": "query",
                        "required": false,
                        "description": """
                            Show the room as it was after this step (base…steps; `first` is the earliest kept, the snapshot's step or 0; \
                            `back` the step before the latest), read-only.
                            """,
                        "schema": ["type": "string", "pattern": "^([0-9]{1,9}|back|first)$"],
                    ],
                ],
            ],
        ]),
        ("/rooms/{room}/apps/{app}", [
            "description": otherMethods("GET, HEAD"),
            "parameters": [
                ["$ref": "#/components/parameters/Room"],
                [
                    "name": "app",
                    "in": "path",
                    "required": true,
                    "description": "An app id.",
                    "schema": ["$ref": "#/components/schemas/AppID"],
                ],
            ],
            "get": [
                "operationId": "appPage",
                "tags": ["rooms"],
                "summary": "One app's pane alone, live",
                "description": """
                    The room page with only this app's pane, for projecting one architecture to a class. Its forms post to the same room, \
                    and a form post without JavaScript comes back here. With `?at=N`, the app as it was after step N, read-only; its \
                    timeline's Back and Forward move through this app's steps only.
                    """,
                "parameters": [
                    [
                        "name": "at",
                        "in": "query",
                        "required": false,
                        "description": """
                            Show the app as it was after this step (base…steps; `first` is the earliest kept; `back` the app before its \
                            latest step), read-only.
                            """,
                        "schema": ["type": "string", "pattern": "^([0-9]{1,9}|back|first)$"],
                    ],
                ],
                "responses": [
                    "200": [
                        "description": "The one-app page.",
                        "headers": pageHeaders,
                        "content": ["text/html; charset=utf-8": ["schema": ["type": "string", "contentMediaType": "text/html"]]],
                    ],
                    "404": error("""
                            No app has this id (`unknown_app`; the message lists the apps), or no room has this id (`unknown_room`). The \
                            app is checked first.
                            """, ["unknown_app", "unknown_room"]),
                    "400": error("`at` is not a step of the history.", ["invalid_step"], headers: nil),
                    "410": error("The step was folded into the room's snapshot (`step_folded`).", ["step_folded"], headers: nil),
                    "429": replayLimit,
                    "503": error("Two replays are running already (`replay_busy`); `Retry-After` says when to try again.",
                        ["replay_busy"], headers: retryAfter),
                ],
            ],
        ]),
    ]
}
