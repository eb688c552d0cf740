import AppSeam

extension OpenAPIText {
    /// The compare page and its shared input.
    static let paths12: [(String, JSONLiteral)] = [
        ("/3/movie/{id}", [
            "description": otherMethods("GET, HEAD"),
            "parameters": [
                [
                    "name": "id", "in": "path", "required": true, "description": "A film's id, as a search result gives it.",
                    "schema": ["type": "string", "pattern": "^[1-9][0-9]{0,11}$"],
                ]
            ],
            "get": [
                "operationId": "movieDetail",
                "tags": ["movies"],
                "summary": "One film of the catalog, in TMDB's detail shape",
                "description": "What the Films apps fetch to open a film: its title, overview, release date, running time, rating and genres.",
                "responses": [
                    "200": [
                        "description": "The film.",
                        "headers": ["Cache-Control": cachedFiveMinutes],
                        "content": [
                            "application/json; charset=utf-8": [
                                "schema": [
                                    "type": "object",
                                    "required": ["id", "title", "overview", "release_date", "runtime", "vote_average", "vote_count", "genres"],
                                    "properties": [
                                        "id": ["type": "integer"], "title": ["type": "string"], "overview": ["type": "string"],
                                        "release_date": ["type": "string"], "runtime": ["type": "integer"], "vote_average": ["type": "number"],
                                        "vote_count": ["type": "integer"],
                                        "genres": [
                                            "type": "array",
                                            "items": [
                                                "type": "object", "required": ["id", "name"],
                                                "properties": ["id": ["type": "integer"], "name": ["type": "string"]],
                                            ],
                                        ],
                                    ],
                                ]
                            ]
                        ],
                    ],
                    "400": error("The id is not a whole number from 1 (`invalid_movie_id`).", ["invalid_movie_id"]),
                    "404": error("The catalog has no film of that id (`unknown_movie`).", ["unknown_movie"]),
                ],
            ],
        ]),
        ("/rooms/{room}/compare", [
            "description": otherMethods("GET, HEAD"),
            "parameters": [["$ref": "#/components/parameters/Room"]],
            "get": [
                "operationId": "comparePage",
                "tags": ["rooms"],
                "summary": "The compare page: one app in every architecture, side by side",
                "description": """
                    The room's compare apps (the Films app's five implementations, `films-ev` … `films-router`) side by side, started \
                    on first use; a shared bar whose inputs go to all of them (`POST /rooms/{room}/compare/events`), their trace rows \
                    lined up by shared input, and the lines of code each implementation needed.
                    """,
                "responses": [
                    "200": [
                        "description": "The compare page.",
                        "headers": pageHeaders,
                        "content": ["text/html; charset=utf-8": ["schema": ["type": "string", "contentMediaType": "text/html"]]],
                    ],
                    "404": error("No room has this id (`unknown_room`).", ["unknown_room", "nothing_to_compare"]),
                ],
            ],
        ]),
        ("/rooms/{room}/compare/events", [
            "description": otherMethods("POST"),
            "parameters": [["$ref": "#/components/parameters/Room"]],
            "post": [
                "operationId": "postSharedEvent",
                "tags": ["rooms"],
                "summary": "Post one event to every compare app",
                "description": """
                    The envelope of `POST /rooms/{room}/events` without `app`: decoded and checked once, for all, before any app sees \
                    it (a refused event changes nothing in any of them); then applied to each compare app in order, one room step \
                    each. The same body rules, budgets and answers as `/events`.
                    """,
                "parameters": [["$ref": "#/components/parameters/PlaygroundSource"]],
                "requestBody": [
                    "required": true,
                    "content": [
                        "application/json": ["schema": ["$ref": "#/components/schemas/SharedEvent"]],
                        "application/x-www-form-urlencoded": ["schema": ["$ref": "#/components/schemas/SharedEvent"]],
                    ],
                ],
                "responses": [
                    "202": [
                        "description": "Applied to every compare app: the room's sequence number after the last, and each app's.",
                        "content": [
                            "application/json; charset=utf-8": [
                                "schema": [
                                    "type": "object", "required": ["seq", "apps"], "additionalProperties": false,
                                    "properties": [
                                        "seq": ["type": "integer", "minimum": 0],
                                        "apps": ["type": "object", "additionalProperties": ["type": "integer", "minimum": 0]],
                                    ],
                                ]
                            ]
                        ],
                    ],
                    "303": formRedirect,
                    "400": error("""
                            The body or the event is not one the compare apps accept (`unexpected_app`: leave `app` out); the message \
                            says what was wrong and what is accepted.
                            """,
                        [
                            "malformed_json", "malformed_form", "empty_body", "unexpected_app", "missing_event", "unknown_event",
                            "unexpected_argument", "missing_argument", "invalid_argument",
                        ]),
                    "404": error("No room has this id (`unknown_room`).", ["unknown_room", "nothing_to_compare"]),
                    "409": error("The room's journal is full (`journal_full`) or this client's share of it is used (`journal_share_used`).", [
                        "journal_full", "journal_share_used",
                    ]),
                    "413": bodyTooLarge,
                    "415": unsupportedBody,
                    "429": eventBudget,
                    "503": error("The room's journal cannot be written (`journal_unavailable`) or is being folded (`journal_folding`).", [
                        "journal_unavailable", "journal_folding",
                    ], headers: [
                        "Cache-Control": ["$ref": "#/components/headers/NoStore"],
                        "Retry-After": ["description": "Seconds to wait before sending it again.", "schema": ["type": "integer"]],
                    ]),
                ],
            ],
        ]),
    ]
}
