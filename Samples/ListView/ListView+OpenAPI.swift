import AppSeam

/// Glue, not from the article: what the OpenAPI document says of this app's events and snapshot.
extension ListViewPlayground: DescribedApp {
    public static let eventDescriptions: [EventDescription] = [
        EventDescription(
            "add",
            """
                VVSI: `viewState.trigger(.add)`: the interactor appends \"New item\"; at 5 items it refuses with a notification that \
                shows as an alert. Takes no arguments. 503 `action_queue_full` when 256 actions already wait.
                """
        ),
        EventDescription(
            "remove",
            """
                VVSI: `viewState.trigger(.remove)`: the interactor removes the last item. Takes no arguments. 503 `action_queue_full` \
                when 256 actions already wait.
                """
        ),
        EventDescription(
            "random",
            """
                VVSI: `viewState.trigger(.random(options))`: the items become `count` random strings of `length` characters. 503 \
                `action_queue_full` when 256 actions already wait.
                """,
            arguments: [
                .init("count", required: true, [
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 9,
                    "description": "How many items, 1…9 (the seed's `Int.random(in: 1..<10)`).",
                ]),
                .init("length", required: true, [
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 4,
                    "description": "Characters per item, 1…4 (the seed's `Int.random(in: 1..<5)`).",
                ]),
            ]
        ),
        EventDescription(
            "dismissAlert",
            "VVSI: the alert's Ok. 409 `no_alert` when no alert is shown. Takes no arguments."
        ),
    ]

    public static let snapshotSchema: JSONLiteral = [
        "type": "object",
        "required": ["items", "alert", "pendingActions", "actionRunning"],
        "additionalProperties": false,
        "properties": [
            "items": ["type": "array", "items": ["type": "string"]],
            "alert": ["type": ["string", "null"], "description": "The alert shown, or null."],
            "pendingActions": [
                "type": "integer",
                "minimum": 0,
                "description": "Actions waiting behind the running one.",
            ],
            "actionRunning": ["type": "boolean"],
        ],
    ]
}
