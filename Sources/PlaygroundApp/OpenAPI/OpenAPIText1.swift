import AppSeam

// The text of the operations and shared schemas of the playground's own routes (not the apps').
extension OpenAPIText {
    static let paths1: [(String, JSONLiteral)] = [
        ("/", [
            "description": otherMethods("GET, HEAD"),
            "get": [
                "operationId": "newRoom",
                "tags": ["rooms"],
                "summary": "Open a new room",
                "description": """
                    Creates a room and redirects to it. Rooms cost nothing until used: past `--max-rooms` a new room replaces the least \
                    recently touched room nobody used (no event, no stream), else the least recently touched room without an open stream. \
                    Only when every room has an open stream is the answer 503.
                    """,
                "responses": [
                    "303": [
                        "description": "The new room.",
                        "headers": [
                            "Location": [
                                "description": "`/rooms/{room}`.",
                                "required": true,
                                "schema": ["type": "string", "pattern": "^/rooms/[0-9a-f]{24}$"],
                            ],
                        ],
                    ],
                    "503": error("""
                            Every room of `--max-rooms` has an open stream (`room_budget_exhausted`); join an existing room or retry \
                            later.
                            """, ["room_budget_exhausted"], headers: retryAfterNoStore),
                ],
            ],
        ]),
        ("/healthz", [
            "description": otherMethods("GET, HEAD"),
            "get": [
                "operationId": "health",
                "tags": ["hosting"],
                "summary": "Liveness and load",
                "responses": [
                    "200": [
                        "description": "The process is up; the figures a host watches.",
                        "headers": ["Cache-Control": ["$ref": "#/components/headers/NoStore"]],
                        "content": [
                            "application/json; charset=utf-8": ["schema": ["$ref": "#/components/schemas/Health"]],
                        ],
                    ],
                ],
            ],
        ]),
        ("/metrics", [
            "description": otherMethods("GET, HEAD"),
            "get": [
                "operationId": "metrics",
                "tags": ["hosting"],
                "summary": "Prometheus metrics",
                "description": """
                    Prometheus text exposition format 0.0.4 (swift-metrics with swift-prometheus): \
                    `playground_http_requests_total{route,method,status}`, connection, stream, room and event figures (docs/hosting.md lists every \
                    metric). Keep it for your Prometheus only (the nginx block in the README allows 127.0.0.1).
                    """,
                "responses": [
                    "200": [
                        "description": "The metrics.",
                        "headers": ["Cache-Control": ["$ref": "#/components/headers/NoStore"]],
                        "content": ["text/plain; version=0.0.4; charset=utf-8": ["schema": ["type": "string"]]],
                    ],
                ],
            ],
        ]),
        ("/openapi.json", [
            "description": otherMethods("GET, HEAD"),
            "get": [
                "operationId": "openAPIDocument",
                "tags": ["hosting"],
                "summary": "This document",
                "description": "`openapi.json` of `--public-dir`, served like `GET /public/openapi.json` (ETag, `If-None-Match` → 304).",
                "parameters": [
                    ["$ref": "#/components/parameters/IfNoneMatch"],
                    ["$ref": "#/components/parameters/VersionTag"],
                ],
                "responses": [
                    "200": [
                        "description": "The OpenAPI 3.1 document.",
                        "headers": [
                            "ETag": fileETag,
                            "Cache-Control": fileCacheControl,
                            "X-Content-Type-Options": ["$ref": "#/components/headers/NoSniff"],
                        ],
                        "content": [
                            "application/json; charset=utf-8": [
                                "schema": ["type": "object", "required": ["openapi", "paths"]],
                            ],
                        ],
                    ],
                    "304": fileNotModified,
                    "404": error("`--public-dir` has no `openapi.json` (`not_found`).", ["not_found"]),
                ],
            ],
        ]),
        ("/3/search/movie", [
            "description": otherMethods("GET, HEAD"),
            "get": [
                "operationId": "searchMovies",
                "tags": ["movies"],
                "summary": "Search the film catalog, in TMDB's shape",
                "description": """
                    A TMDB-compatible `search/movie` over the shipped catalog (`Data/movies.csv`, 58,788 films): what the MVI sample's \
                    repository fetches over real HTTP, unless `--movie-api` points it elsewhere. 20 films per page, best match first; a \
                    page past the last one is an empty page with the true totals.
                    """,
                "parameters": [
                    [
                        "name": "query",
                        "in": "query",
                        "required": true,
                        "description": """
                            Words of a film title: at most 200 characters (grapheme clusters), no control characters (Unicode Cc), not \
                            only whitespace, and at least one letter or digit (Unicode Alphabetic or Numeric_Type). The pattern checks \
                            the control characters and that some character is an ASCII letter or digit or lies at U+00A0 or above; the \
                            server's exact rule is this sentence, and a query it refuses is a 400. A missing or empty query is a 400.
                            """,
                        "schema": [
                            "type": "string",
                            "minLength": 1,
                            "pattern": """
                                ^[^\\x00-\\x1f\\x7f-\\x9f]*[^\\x00-\\x2f\\x3a-\\x40\\x5b-\\x60\\x7b-\\x9f][^\\x00-\\x1f\\x7f-\\x9f]*$
                                """,
                        ],
                        "example": "star wars",
                    ],
                    [
                        "name": "page",
                        "in": "query",
                        "required": false,
                        "description": "The results page: a whole number 1…1000 in decimal digits (default 1).",
                        "schema": ["type": "integer", "minimum": 1, "maximum": 1000, "default": 1],
                        "example": 1,
                    ],
                ],
                "responses": [
                    "200": [
                        "description": "One page of results.",
                        "headers": [
                            "Cache-Control": cachedFiveMinutes,
                        ],
                        "content": [
                            "application/json; charset=utf-8": [
                                "schema": ["$ref": "#/components/schemas/SearchResults"],
                            ],
                        ],
                    ],
                    "400": error("""
                            Not a query a person could have typed (missing, empty or only whitespace, over 200 characters, a control \
                            character, no letter or digit) or a page that is not a whole number 1…1000 (`invalid_search`); the message \
                            says which.
                            """, ["invalid_search"]),
                ],
            ],
        ]),
        ("/posts", [
            "description": otherMethods("GET, HEAD"),
            "get": [
                "operationId": "listPosts",
                "tags": ["posts"],
                "summary": "Every post, in JSONPlaceholder's shape",
                "description": """
                    The shipped `Data/posts.json` (100 short notes on UI architectures, our own text): what the NiceArchitecture sample's \
                    PostService fetches over real HTTP, unless `--posts-api` points it elsewhere.
                    """,
                "responses": [
                    "200": [
                        "description": "Every post, by id.",
                        "headers": [
                            "Cache-Control": cachedFiveMinutes,
                        ],
                        "content": [
                            "application/json; charset=utf-8": [
                                "schema": ["type": "array", "items": ["$ref": "#/components/schemas/Post"]],
                            ],
                        ],
                    ],
                ],
            ],
        ]),
    ]
}
