import AppSeam

/// Glue, not from the article: what the OpenAPI document says of this app's events and snapshot.
extension RandomColorEVPlayground: DescribedApp {
    public static let eventDescriptions: [EventDescription] = [
        EventDescription(
            "changeBothSidesColors",
            """
                EV (Enum + View): what the Center button sends, `eventSubject.send(.changeBothSidesColors)`; `actionsByEvent` turns it \
                into one action for Left and one for Right, each picks a new colour. Takes no arguments.
                """
        ),
    ]

    public static let snapshotSchema: JSONLiteral = [
        "type": "object",
        "required": ["selectedTab", "leftColor", "rightColor", "liveActionSubscriptions"],
        "additionalProperties": false,
        "properties": [
            "selectedTab": ["enum": ["left", "center", "right"]],
            "leftColor": ["type": ["string", "null"], "pattern": "^#[0-9a-f]{6}$"],
            "rightColor": ["type": ["string", "null"], "pattern": "^#[0-9a-f]{6}$"],
            "liveActionSubscriptions": [
                "type": "integer",
                "minimum": 0,
                "description": "`@Action` subscriptions alive, each owned by its view.",
            ],
        ],
    ]
}
