import AppSeam

/// Glue, not from the article: what the OpenAPI document says of this app's events and snapshot.
extension MovieSearchPlayground: DescribedApp {
    public static let eventDescriptions: [EventDescription] = [
        EventDescription(
            "search",
            """
                MVI: the intent `loadMovies(query:)`, what Return in the search field does: the state becomes `Loading`, the repository \
                fetches `GET /3/search/movie`, and the answer becomes `SuccessfullyFetched`, `NoResultsFound` or `ApiError`. A newer \
                search always wins over an older, slower answer.
                """,
            arguments: [
                .init("query", required: true, [
                    "type": "string",
                    "minLength": 1,
                    "pattern": "^[^\\x00-\\x1f\\x7f-\\x9f]*[^\\x00-\\x2f\\x3a-\\x40\\x5b-\\x60\\x7b-\\x9f][^\\x00-\\x1f\\x7f-\\x9f]*$",
                    "description": """
                        Words of a film title: at most 200 characters (grapheme clusters), no control characters (Unicode Cc), not only \
                        whitespace, and at least one letter or digit (Unicode Alphabetic or Numeric_Type). The pattern checks the control \
                        characters and that some character is an ASCII letter or digit or lies at U+00A0 or above; the server's exact \
                        rule is this sentence, and a query it refuses is a 400.
                        """,
                ]),
                .init("page", required: false, [
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 1000,
                    "description": "The results page, 1…1000 (default 1).",
                ]),
            ]
        ),
        EventDescription(
            "page",
            "MVI: another page of the latest search's query. 409 `no_search_yet` before any search.",
            arguments: [
                .init("page", required: true, [
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 1000,
                    "description": "The results page, 1…1000.",
                ]),
            ]
        ),
        EventDescription(
            "setFaults",
            """
                MVI: fault injection for this room's repository: every later fetch waits `latencyMs` and fails with probability \
                `failureRate`.
                """,
            arguments: [
                .init("latencyMs", required: true, [
                    "type": "integer",
                    "minimum": 0,
                    "maximum": 10000,
                    "description": "Delay before each answer, 0…10000 ms.",
                ]),
                .init("failureRate", required: true, [
                    "type": "number",
                    "minimum": 0,
                    "maximum": 1,
                    "description": "Share of fetches that fail, 0…1 (0.25: one in four).",
                ]),
            ]
        ),
    ]

    public static let snapshotSchema: JSONLiteral = [
        "type": "object",
        "required": [
            "query",
            "page",
            "state",
            "message",
            "resultCount",
            "totalResults",
            "totalPages",
            "latencyMs",
            "failureRate",
            "generation",
            "inFlight",
        ],
        "additionalProperties": false,
        "properties": [
            "query": ["type": "string", "description": "The latest intent's query (empty before the first)."],
            "page": ["type": "integer", "minimum": 1, "maximum": 1000],
            "state": ["enum": ["Init", "Loading", "SuccessfullyFetched", "NoResultsFound", "ApiError"]],
            "message": ["type": ["string", "null"], "description": "Loading's or ApiError's message."],
            "resultCount": ["type": "integer", "minimum": 0, "description": "Films shown (this page)."],
            "totalResults": ["type": "integer", "minimum": 0, "description": "Films matching, every page."],
            "totalPages": ["type": "integer", "minimum": 0, "description": "Pages in the latest answer."],
            "latencyMs": ["type": "integer", "minimum": 0, "maximum": 10000],
            "failureRate": ["type": "number", "minimum": 0, "maximum": 1],
            "generation": ["type": "integer", "minimum": 0, "description": "The latest intent's generation."],
            "inFlight": ["type": "boolean", "description": "A fetch is running whose answer would still apply."],
        ],
    ]
}
