import AppSeam

/// Glue, not from the article: what the OpenAPI document says of this app's events and snapshot.
extension PostsPlayground: DescribedApp {
    public static let eventDescriptions: [EventDescription] = [
        EventDescription(
            "reload",
            """
                NiceArchitecture: reloads what is shown: the list binds again (`PostsViewModel.reload()` → `bindViewModel()`: loading, \
                then hasData, noData or error), or the open post does. Takes no arguments.
                """
        ),
        EventDescription(
            "setFilter",
            "NiceArchitecture: the \"Show All\" / \"Favourites\" picker (`displayState`). A filter that leaves no row shows \"No data.\".",
            arguments: [
                .init("filter", required: true, ["enum": ["all", "favourites"], "description": "`all` or `favourites`."]),
            ]
        ),
        EventDescription(
            "toggleFavourite",
            "NiceArchitecture: the heart of one row (`PostsViewModel.favourite(_:)`).",
            arguments: [
                .init("postId", required: true, [
                    "type": "integer",
                    "minimum": 1,
                    "description": """
                        A post of the loaded list (1…100 with the shipped data). 404 `no_such_post` for one the list does not have; 409 \
                        `posts_not_loaded` while the list is not loaded.
                        """,
                ]),
            ]
        ),
        EventDescription(
            "openPost",
            """
                NiceArchitecture: taps a row: `coordinator.handleRoute(.post(id))` pushes the post's detail, read from the repository's \
                cache.
                """,
            arguments: [
                .init("postId", required: true, [
                    "type": "integer",
                    "minimum": 1,
                    "description": """
                        A post of the loaded list (1…100 with the shipped data). 404 `no_such_post` for one the list does not have; 409 \
                        `posts_not_loaded` while the list is not loaded.
                        """,
                ]),
            ]
        ),
        EventDescription(
            "closePost",
            "NiceArchitecture: back from the open post to the list (which binds again). 409 `no_post_open` on the list. Takes no arguments."
        ),
        EventDescription(
            "triggerError",
            """
                NiceArchitecture: `triggerError()`: the ErrorService broadcasts `UnknownError(\"You triggered an error!\")` and every \
                bound view model shows its error view. Takes no arguments.
                """
        ),
        EventDescription(
            "setFaults",
            """
                NiceArchitecture: fault injection for this room's services: every later fetch of /posts, /users or /posts/{id} waits \
                `latencyMs` and fails with probability `failureRate`.
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
            "contentLoadState",
            "error",
            "filter",
            "favourites",
            "route",
            "postsShown",
            "postCount",
            "detailState",
            "latencyMs",
            "failureRate",
        ],
        "additionalProperties": false,
        "properties": [
            "contentLoadState": [
                "enum": ["loading", "hasData", "noData", "error"],
                "description": "The list's `ContentLoadState` (before its view first appears: `noData`, the seed's default).",
            ],
            "error": [
                "type": ["string", "null"],
                "description": "The error the list shows (\"title: message\"), or null.",
            ],
            "filter": ["enum": ["all", "favourites"]],
            "favourites": [
                "type": "array",
                "items": ["type": "integer", "minimum": 1],
                "description": "The hearted posts' ids, ascending.",
            ],
            "route": [
                "type": ["integer", "null"],
                "minimum": 1,
                "description": "The open post's id, or null on the list.",
            ],
            "postsShown": ["type": "integer", "minimum": 0, "description": "Rows the list shows (0 unless hasData)."],
            "postCount": ["type": "integer", "minimum": 0, "description": "Posts loaded, joined with their authors."],
            "detailState": [
                "enum": ["loading", "hasData", "noData", "error", nil],
                "description": "The open post's `ContentLoadState`, or null.",
            ],
            "latencyMs": ["type": "integer", "minimum": 0, "maximum": 10000],
            "failureRate": ["type": "number", "minimum": 0, "maximum": 1],
        ],
    ]
}
