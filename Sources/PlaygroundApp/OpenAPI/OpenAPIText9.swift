import AppSeam

// The text of the operations and shared schemas of the playground's own routes (not the apps').
extension OpenAPIText {
    static let schemas9: [(String, JSONLiteral)] = [
        ("Health", [
            "type": "object",
            "required": ["status", "uptimeSeconds", "rooms"],
            "additionalProperties": false,
            "properties": [
                "status": ["const": "ok"],
                "uptimeSeconds": ["type": "integer", "minimum": 0, "description": "Seconds since start."],
                "rooms": ["type": "integer", "minimum": 0, "description": "Rooms alive: resident and hibernated."],
                "roomsResident": ["type": "integer", "minimum": 0, "description": "Rooms whose apps are in memory."],
                "roomsHibernated": [
                    "type": "integer",
                    "minimum": 0,
                    "description": """
                        Rooms with no open stream for --hibernate-after-seconds: only their journal is kept; the next request wakes them \
                        (it waits for the restore).
                        """,
                ],
                "openStreams": ["type": "integer", "minimum": 0, "description": "Event streams open now."],
                "peakStreams": ["type": "integer", "minimum": 0, "description": "Most streams open at once."],
                "droppedSlowStreams": [
                    "type": "integer",
                    "minimum": 0,
                    "description": "Streams dropped because their client stopped reading.",
                ],
                "queueHighWater": [
                    "type": "integer",
                    "minimum": 0,
                    "description": "Most messages that waited for one stream.",
                ],
                "requests": ["type": "integer", "minimum": 0, "description": "Requests received."],
                "openConnections": ["type": "integer", "minimum": 0, "description": "TCP connections open now."],
                "streamHangUps": [
                    "type": "integer",
                    "minimum": 0,
                    "description": "Streams whose client hung up (seen by the hang-up watcher).",
                ],
                "headerTimeouts": [
                    "type": "integer",
                    "minimum": 0,
                    "description": "Connections closed for not sending their request head in time.",
                ],
                "journalDamage": [
                    "type": "object",
                    "description": """
                        What opening the journal at start-up found damaged and what that cost (present when the server keeps a journal; \
                        all empty or 0 when nothing was). A database SQLite could not read is set aside with its companions and what of \
                        it still read is kept; log records after a damaged one are not applied; a room's steps after a missing one, or \
                        from one that does not replay, are cut off and the room goes on from there. The same counts are in `/metrics` \
                        (`playground_journal_set_aside_total`, `playground_journal_log_records_dropped_total`, \
                        `playground_journal_steps_dropped_total`), and each report is also an error line in the start-up log.
                        """,
                    "required": ["setAside", "logRecordsDropped", "stepsDropped", "reports"],
                    "additionalProperties": false,
                    "properties": [
                        "setAside": [
                            "type": "array",
                            "items": ["type": "string"],
                            "description": """
                                The new paths of damaged files moved aside (`journal.sqlite.corrupt-20261126T134500Z`, then its `-wal`, \
                                `-shm`, `-log-a`, `-log-b` companions that existed).
                                """,
                        ],
                        "logRecordsDropped": [
                            "type": "integer",
                            "minimum": 0,
                            "description": """
                                Records of the journal's log not applied: each damaged stretch, and every sound record after it (in its \
                                file or the newer one).
                                """,
                        ],
                        "stepsDropped": [
                            "type": "integer",
                            "minimum": 0,
                            "description": """
                                Steps cut off rooms: after a gap in a room's steps, or from the first one its apps could not read or \
                                replay.
                                """,
                        ],
                        "reports": [
                            "type": "array",
                            "items": ["type": "string"],
                            "description": "One sentence per loss, naming the files, the log's tickets, and the rooms and steps lost.",
                        ],
                    ],
                ],
            ],
        ]),
        ("SearchResults", [
            "description": "TMDB's `search/movie` shape.",
            "type": "object",
            "required": ["page", "results", "total_pages", "total_results"],
            "additionalProperties": false,
            "properties": [
                "page": ["type": "integer", "minimum": 1, "maximum": 1000],
                "results": ["type": "array", "maxItems": 20, "items": ["$ref": "#/components/schemas/Movie"]],
                "total_pages": [
                    "type": "integer",
                    "minimum": 0,
                    "description": "Pages of 20 films; 0 when nothing matches.",
                ],
                "total_results": ["type": "integer", "minimum": 0, "description": "Films matching the query."],
            ],
        ]),
        ("Movie", [
            "type": "object",
            "required": ["id", "title", "overview", "poster_path", "release_date", "vote_average", "vote_count"],
            "additionalProperties": false,
            "properties": [
                "id": ["type": "integer"],
                "title": ["type": "string"],
                "overview": ["type": "string", "description": "`1999 · 136 min · R · Action`."],
                "poster_path": ["type": "null", "description": "The catalog has no posters."],
                "release_date": [
                    "type": "string",
                    "pattern": "^-?[0-9]{4,}-01-01$",
                    "description": "The catalog knows only the year.",
                ],
                "vote_average": ["type": "number", "minimum": 0, "maximum": 10],
                "vote_count": ["type": "integer", "minimum": 0],
            ],
        ]),
        ("Post", [
            "type": "object",
            "required": ["userId", "id", "title", "body"],
            "additionalProperties": false,
            "properties": [
                "userId": ["type": "integer"],
                "id": ["type": "integer"],
                "title": ["type": "string"],
                "body": ["type": "string"],
            ],
        ]),
        ("User", [
            "type": "object",
            "required": ["id", "name", "username", "email"],
            "additionalProperties": false,
            "properties": [
                "id": ["type": "integer"],
                "name": ["type": "string"],
                "username": ["type": "string"],
                "email": ["type": "string"],
                "website": ["type": "string"],
            ],
        ]),
        ("JournalEntry", [
            "type": "object",
            "required": ["step", "time", "kind", "app", "source"],
            "properties": [
                "step": ["type": "integer", "description": "1, 2, 3, … in order (422 `steps_out_of_order` otherwise)."],
                "time": ["type": "number"],
                "kind": ["enum": ["input", "action", "outcome", "presenter"]],
                "app": ["type": "string", "description": "An app of this playground (422 `unknown_app` otherwise); empty for a presenter step."],
                "source": ["enum": ["browser", "http", "compare", "outside", "presenter"]],
                "fields": [
                    "type": ["array", "null"],
                    "items": [
                        "type": "object",
                        "required": ["name", "value"],
                        "properties": ["name": ["type": "string"], "value": [:]],
                    ],
                ],
                "action": ["type": ["string", "null"]],
                "value": ["type": ["string", "null"]],
                "outcome": [
                    "type": ["object", "null"],
                    "required": ["effect", "label"],
                    "properties": [
                        "effect": ["type": "integer"],
                        "label": ["type": "string"],
                        "value": ["type": ["string", "null"]],
                        "error": ["type": ["string", "null"]],
                        "errorDetail": ["type": ["string", "null"]],
                    ],
                ],
                "deliveries": [
                    "type": ["object", "null"],
                    "additionalProperties": ["type": "integer", "minimum": 0],
                    "description": """
                        How many deliveries (VVSI's interactor messages: reads, updates, notifications, \"action finished\") each app had \
                        applied just before this step; apps with none are left out. A replay applies exactly that many before the step. \
                        The counts only grow (422 `deliveries_out_of_order`), name apps of this playground (422 `unknown_app`) and must \
                        be reachable (422 `invalid_step`).
                        """,
                ],
                "order": [
                    "type": ["object", "null"],
                    "additionalProperties": ["$ref": "#/components/schemas/DeliveryOrder"],
                    "description": """
                        Version 4: whose of those deliveries came when while an app's work ran side by side (VVSI's actions with \
                        `unserialised-actions` on), since the step before; absent when nothing did. A replay applies them in this order.
                        """,
                ],
                "witness": [
                    "type": ["object", "null"],
                    "additionalProperties": ["type": "string", "pattern": "^[0-9a-f]{16}$"],
                    "description": """
                        With `--journal-witness`: each app's fingerprint (its state and view) just before this step, compared by every \
                        replay (422 `replay_diverged` on import when they differ; 400 `invalid_document` when malformed).
                        """,
                ],
            ],
        ]),
        ("DeliveryOrder", [
            "type": "array",
            "items": ["type": "integer", "minimum": 0],
            "maxItems": 8_192,
            "description": """
                Runs `[source, count, source, count, …]`: a source is an action's age when it ran (1 the newest action started, \
                2 the one before, …) or 0 for a notification, a count 1…2³¹-1; neighbouring runs differ, at most 4,096 runs, and \
                they order no more deliveries than the app applied since the step before. Otherwise 422 `invalid_delivery_order` \
                (`unknown_app` for an app not of this playground; 400 `invalid_document` in a document older than version 4).
                """,
        ]),
        ("JournalDocument", [
            "type": "object",
            "required": ["format", "version", "room", "seed", "apps", "entries"],
            "properties": [
                "format": ["const": "architecture-playground-journal"],
                "version": [
                    "enum": [1, 2, 3, 4],
                    "description": """
                        4 adds each entry's `order` and the document's `tail` (only a room whose VVSI actions ran side by side is \
                        written as 4); 3 adds `base`, the snapshot the room's oldest steps were folded into (a room that never folded is written as 2); \
                        2 adds each entry's `deliveries` (and `witness`); version 1 documents are still read (a replay then waits for the \
                        apps to be idle before each step).
                        """,
                ],
                "room": ["type": "string"],
                "seed": ["type": "string", "pattern": "^[0-9]+$"],
                "apps": [
                    "type": "array",
                    "items": ["type": "string"],
                    "description": "Apps of this playground (422 `unknown_app` otherwise).",
                ],
                "base": [
                    "type": "object",
                    "required": ["step", "time", "apps"],
                    "description": "Version 3: steps 1…step folded into one snapshot; `entries` then start at step+1.",
                    "properties": [
                        "step": ["type": "integer", "minimum": 1],
                        "time": ["type": "number"],
                        "apps": [
                            "type": "object",
                            "description": "One checkpoint per app of the playground (422 `invalid_snapshot` otherwise).",
                            "additionalProperties": [
                                "type": "object",
                                "required": ["state", "teaching"],
                                "properties": [
                                    "state": [
                                        "type": "string",
                                        "description": "The app's own checkpoint, JSON text only it reads.",
                                    ],
                                    "teaching": ["type": "object"],
                                ],
                            ],
                        ],
                    ],
                ],
                "entries": ["type": "array", "items": ["$ref": "#/components/schemas/JournalEntry"]],
                "tail": [
                    "type": "object",
                    "required": ["step", "deliveries", "order"],
                    "description": """
                        Version 4: what the apps applied after the last entry while work ran side by side (the end of a race), so an \
                        import ends it as the room did. `step` is the last entry's step (422 `invalid_delivery_order` otherwise); \
                        `deliveries` as an entry's, never fewer than the last entry's; `order` as an entry's.
                        """,
                    "properties": [
                        "step": ["type": "integer", "minimum": 0],
                        "deliveries": ["type": "object", "additionalProperties": ["type": "integer", "minimum": 0]],
                        "order": ["type": "object", "additionalProperties": ["$ref": "#/components/schemas/DeliveryOrder"]],
                    ],
                ],
            ],
        ]),
        ("History", [
            "type": "object",
            "required": ["room", "steps", "base", "entries"],
            "properties": [
                "room": ["type": "string"],
                "steps": ["type": "integer", "minimum": 0],
                "base": [
                    "type": "integer",
                    "minimum": 0,
                    "description": """
                        The step the room's oldest history was folded into a snapshot at (0: never folded); `entries` are steps \
                        base+1…steps.
                        """,
                ],
                "damage": [
                    "type": "string",
                    "description": """
                        Present only when the room's journal was damaged at the last start: which of its steps were lost. The room goes \
                        on from what could be read (its page says so too).
                        """,
                ],
                "entries": [
                    "type": "array",
                    "items": [
                        "type": "object",
                        "required": ["step", "time", "source", "app", "kind", "event", "summary"],
                        "properties": [
                            "step": ["type": "integer"],
                            "time": ["type": "number"],
                            "source": ["type": "string"],
                            "app": ["type": "string"],
                            "kind": ["enum": ["input", "action", "outcome", "presenter"]],
                            "event": [
                                "type": "string",
                                "description": "An input's event; a press named as its trace row (and curl twin) names it; an outcome's label.",
                            ],
                            "summary": ["type": "string"],
                            "stages": [
                                "type": "array",
                                "items": ["type": "string"],
                                "description": """
                                    The stages of the app's flow strip that ran inside the step, in order, as its runtime reported them (what                                     ran later, after an effect's answer or a turn, is in the trace row's step-through).
                                    """,
                            ],
                        ],
                    ],
                ],
            ],
        ]),
    ]
}
