import AppSeam

// Presenter mode's operations, schemas and security schemes, and its 403s on the input routes it gates.
extension OpenAPIText {
    static let securitySchemes: JSONLiteral = [
        "presenterBearer": [
            "type": "http", "scheme": "bearer",
            "description": """
                A presenter's token (43 base64url characters) for curl: `GET /rooms/{room}/presenter/token` shows it to a presenter's \
                page. Needed only in a locked room and for the presenter's own operations.
                """,
        ],
        "presenterCookie": [
            "type": "apiKey", "in": "cookie", "name": "presenter",
            "description": """
                The cookie the room's maker gets (`GET /`, a fork, an import) or a co-presenter gets by spending an invitation: \
                `HttpOnly; SameSite=Strict; Path=/rooms/{room}` (+ `Secure` behind a TLS proxy). A state-changing request that \
                presents it must be same-origin (`Origin` or `Sec-Fetch-Site: same-origin`), else 403 `cross_origin`.
                """,
        ],
    ]

    /// Optional presenter credentials: needed only while the room is locked.
    static let presenterOptional: JSONLiteral = [[:], ["presenterBearer": []], ["presenterCookie": []]]
    static let presenterOnly: JSONLiteral = [["presenterBearer": []], ["presenterCookie": []]]

    static let ownerCookie: JSONLiteral = [
        "description": "`presenter=<token>; Path=/rooms/{room}; Max-Age=2592000; HttpOnly; SameSite=Strict` (+ `; Secure` over TLS): the maker presents the new room.",
        "schema": ["type": "string", "pattern": "^presenter=[A-Za-z0-9_-]{43}; "],
    ]

    static let roomLocked: JSONLiteral = {
        var answer = error("""
                The room is locked by its presenter and this request presents no valid credential (`room_locked`: the message says \
                how to fork; a wrong token gets the same answer), or it presents the cookie without a same-origin `Origin` \
                (`cross_origin`). A browser's form post without JavaScript gets a page saying so, with a Fork button.
                """, ["room_locked", "cross_origin"])
        answer["content"]?["text/html; charset=utf-8"] = ["schema": ["type": "string", "contentMediaType": "text/html"]]
        return answer
    }()

    static let notPresenter: JSONLiteral = error("""
            Only the room's presenters may do this (`not_presenter`; a wrong token gets the same answer), or the cookie came \
            without a same-origin `Origin` (`cross_origin`).
            """, ["not_presenter", "cross_origin"])
    static let presenterFailures: JSONLiteral = error("""
            This client address has failed more presenter checks (wrong tokens, spent invitations) than 10 at once and one a \
            second allow (`too_many_presenter_failures`).
            """, ["too_many_presenter_failures"], headers: retryAfterNoStore)

    static let eventBudgetOrFailures: JSONLiteral = error("""
            Over an event budget: `too_many_events_from_client` (this client address, every room together: \
            `--events-per-client-per-second`, bursts of `--event-burst-per-client`) or `too_many_events_in_room` \
            (everyone in this room together: `--events-per-room-per-second`, `--event-burst-per-room`); or, in a locked room, \
            past the budget of failed presenter checks (`too_many_presenter_failures`). Nothing changed.
            """, ["too_many_events_from_client", "too_many_events_in_room", "too_many_presenter_failures"], headers: retryAfterNoStore)

    /// Adds the gate's answers to the routes it guards, and the owner cookie to the routes that make rooms.
    static func addPresenterGate(to paths: inout JSONLiteral) {
        for (path, method) in [("/rooms/{room}/events", "post"), ("/rooms/{room}/actions", "post"), ("/rooms/{room}/compare/events", "post")] {
            paths[path]?[method]?["responses"]?["403"] = roomLocked
            paths[path]?[method]?["security"] = presenterOptional
            paths[path]?[method]?["responses"]?["429"] = eventBudgetOrFailures
        }
        for (path, method) in [("/", "get"), ("/rooms/{room}/fork", "post"), ("/rooms/import", "post")] {
            paths[path]?[method]?["responses"]?["303"]?["headers"]?["Set-Cookie"] = ownerCookie
        }
        // `latest`: a watcher's Fork goes wherever the presenter is by then.
        paths["/rooms/{room}/fork"]?["post"]?["parameters"] = [
            ["name": "at", "in": "query", "required": false, "schema": ["type": "string", "pattern": "^([0-9]{1,9}|back|first|latest)$"]]
        ]
    }

    static let paths13: [(String, JSONLiteral)] = [
        ("/rooms/{room}/presenter", [
            "description": otherMethods("POST"),
            "parameters": [["$ref": "#/components/parameters/Room"]],
            "post": [
                "operationId": "present",
                "tags": ["rooms"],
                "summary": "Lock, unlock, or spotlight a pane (presenters only)",
                "description": """
                    A locked room takes inputs only from its presenters; everyone else gets 403 `room_locked` and a page whose controls \
                    are off, with a Fork button. A spotlight points every watcher's page at a pane. Each is a room step (`kind: \
                    presenter` in the history): past pages, forks and exports show it; a fork or an import starts unlocked.
                    """,
                "security": presenterOnly,
                "requestBody": [
                    "required": true,
                    "content": [
                        "application/json": [
                            "schema": ["$ref": "#/components/schemas/PresenterAction"],
                            "examples": [
                                "lock": ["value": ["action": "lock"]],
                                "spotlight": ["value": ["action": "spotlight", "pane": "mvi"]],
                            ],
                        ],
                        "application/x-www-form-urlencoded": ["schema": ["$ref": "#/components/schemas/PresenterAction"]],
                    ],
                ],
                "responses": [
                    "202": [
                        "description": "Done: every tab of the room gets the change.",
                        "content": ["application/json; charset=utf-8": ["schema": ["$ref": "#/components/schemas/PresenterState"]]],
                    ],
                    "303": formRedirect,
                    "400": error("""
                            Not a presenter action: `empty_body`, `malformed_json`, `malformed_form`, `unknown_field`, `missing_action`, \
                            `invalid_action` (accepted: lock, unlock, spotlight), `unexpected_pane` (only spotlight takes one), \
                            `unknown_pane` (an app id or none), `invalid_argument`.
                            """,
                        ["empty_body", "malformed_json", "malformed_form", "unknown_field", "missing_action", "invalid_action",
                         "unexpected_pane", "unknown_pane", "invalid_argument"]),
                    "403": notPresenter,
                    "404": error("No room has this id (`unknown_room`).", ["unknown_room"]),
                    "409": error("The room's journal is full (`journal_full`).", ["journal_full"]),
                    "413": bodyTooLarge,
                    "415": unsupportedBody,
                    "429": presenterFailures,
                    "503": error("The journal cannot take the step now (`journal_folding`, `journal_unavailable`).",
                        ["journal_folding", "journal_unavailable"], headers: retryAfter),
                ],
            ],
        ]),
        ("/rooms/{room}/presenter/invite", [
            "description": otherMethods("POST"),
            "parameters": [["$ref": "#/components/parameters/Room"]],
            "post": [
                "operationId": "inviteCoPresenter",
                "tags": ["rooms"],
                "summary": "A one-time co-presenter link (presenters only)",
                "description": """
                    A link to `/rooms/{room}/presenter/join` whose secret is in the fragment (`#…`): no server, log or `Referer` sees \
                    it. It works once, for 15 minutes; a room keeps four at most (a fifth voids the oldest).
                    """,
                "security": presenterOnly,
                "responses": [
                    "201": [
                        "description": "The link (JSON; a page showing it for a form post without JavaScript).",
                        "content": [
                            "application/json; charset=utf-8": ["schema": ["$ref": "#/components/schemas/Invitation"]],
                            "text/html; charset=utf-8": ["schema": ["type": "string", "contentMediaType": "text/html"]],
                        ],
                    ],
                    "403": notPresenter,
                    "404": error("No room has this id (`unknown_room`).", ["unknown_room"]),
                    "429": presenterFailures,
                ],
            ],
        ]),
        ("/rooms/{room}/presenter/token", [
            "description": otherMethods("GET, HEAD"),
            "parameters": [["$ref": "#/components/parameters/Room"]],
            "get": [
                "operationId": "presenterToken",
                "tags": ["rooms"],
                "summary": "Show my token, for curl (presenters only)",
                "description": "The token the request presents (its cookie's), to send as `Authorization: Bearer …` from a terminal.",
                "security": presenterOnly,
                "responses": [
                    "200": [
                        "description": "The token.",
                        "headers": noStore,
                        "content": ["application/json; charset=utf-8": ["schema": ["$ref": "#/components/schemas/PresenterToken"]]],
                    ],
                    "403": notPresenter,
                    "404": error("No room has this id (`unknown_room`).", ["unknown_room"]),
                    "429": presenterFailures,
                ],
            ],
        ]),
        ("/rooms/{room}/presenter/join", [
            "description": otherMethods("GET, HEAD, POST"),
            "parameters": [["$ref": "#/components/parameters/Room"]],
            "get": [
                "operationId": "coPresenterPage",
                "tags": ["rooms"],
                "summary": "The co-presenter link's page",
                "description": "A page whose form posts the invitation's secret (its script takes it from the link's fragment).",
                "responses": [
                    "200": [
                        "description": "The page.",
                        "headers": pageHeaders,
                        "content": ["text/html; charset=utf-8": ["schema": ["type": "string", "contentMediaType": "text/html"]]],
                    ],
                    "404": error("No room has this id (`unknown_room`).", ["unknown_room"]),
                ],
            ],
            "post": [
                "operationId": "joinAsPresenter",
                "tags": ["rooms"],
                "summary": "Spend a co-presenter invitation",
                "description": """
                    Spends the invitation: this client becomes a presenter of the room, with a token of its own in the cookie (and, for \
                    curl, in the answer). A browser's form post is sent back to the room.
                    """,
                "requestBody": [
                    "required": true,
                    "content": [
                        "application/x-www-form-urlencoded": ["schema": ["$ref": "#/components/schemas/JoinSecret"]],
                        "application/json": ["schema": ["$ref": "#/components/schemas/JoinSecret"]],
                    ],
                ],
                "responses": [
                    "200": [
                        "description": "A presenter now; the token is in the answer and the cookie.",
                        "headers": ["Set-Cookie": ownerCookie, "Cache-Control": ["$ref": "#/components/headers/NoStore"]],
                        "content": ["application/json; charset=utf-8": ["schema": ["$ref": "#/components/schemas/Joined"]]],
                    ],
                    "303": [
                        "description": "A presenter now (a browser's form post): back to the room, with the cookie.",
                        "headers": ["Location": pageLocation, "Set-Cookie": ownerCookie],
                    ],
                    "400": error("No secret: `empty_body`, `missing_secret`, `malformed_json`, `malformed_form`, `invalid_argument`.",
                        ["empty_body", "missing_secret", "malformed_json", "malformed_form", "invalid_argument"]),
                    "403": error("""
                            The invitation is unknown, spent or expired (`invalid_invite`), or the post came from another origin \
                            (`cross_origin`).
                            """, ["invalid_invite", "cross_origin"]),
                    "404": error("No room has this id (`unknown_room`).", ["unknown_room"]),
                    "409": error("The room has 16 presenters already (`too_many_presenters`).", ["too_many_presenters"]),
                    "413": bodyTooLarge,
                    "415": unsupportedBody,
                    "429": presenterFailures,
                ],
            ],
        ]),
    ]

    static let schemas13: [(String, JSONLiteral)] = [
        ("PresenterAction", [
            "type": "object",
            "required": ["action"],
            "additionalProperties": false,
            "properties": [
                "action": ["enum": ["lock", "unlock", "spotlight"]],
                "pane": ["type": "string", "description": "For spotlight: an app id, or `none` (absent or empty: none)."],
            ],
        ]),
        ("PresenterState", [
            "type": "object",
            "required": ["step", "locked", "spotlight"],
            "additionalProperties": false,
            "properties": [
                "step": ["type": "integer", "minimum": 0, "description": "The room's step count after it."],
                "locked": ["type": "boolean"],
                "spotlight": ["type": ["string", "null"]],
            ],
        ]),
        ("Invitation", [
            "type": "object",
            "required": ["link", "expiresInSeconds"],
            "additionalProperties": false,
            "properties": ["link": ["type": "string"], "expiresInSeconds": ["type": "integer"]],
        ]),
        ("PresenterToken", [
            "type": "object",
            "required": ["token", "header"],
            "additionalProperties": false,
            "properties": ["token": ["type": "string", "pattern": "^[A-Za-z0-9_-]{43}$"], "header": ["type": "string"]],
        ]),
        ("JoinSecret", [
            "type": "object",
            "required": ["secret"],
            "additionalProperties": false,
            "properties": ["secret": ["type": "string", "description": "The part of the link after `#`."]],
        ]),
        ("Joined", [
            "type": "object",
            "required": ["room", "token"],
            "additionalProperties": false,
            "properties": ["room": ["type": "string"], "token": ["type": "string", "pattern": "^[A-Za-z0-9_-]{43}$"]],
        ]),
    ]
}
