import AppSeam

/// Glue, not from the article: what the OpenAPI document says of this app's events and snapshot.
extension ProductsPlayground: DescribedApp {
    public static let eventDescriptions: [EventDescription] = [
        EventDescription(
            "openProduct",
            """
                MVI + Container + Router: the topmost screen's intent (the list's when nothing is presented) routes to \
                `productScreen(id:)`; `getScreenPresentationType(for:)` answers the chosen presentation, whose slot shows it (a new route \
                replaces what that slot shows). 409 `too_many_presented` with eight screens presented; 503 `not_mounted` if the list \
                could not be drawn (not expected).
                """,
            arguments: [
                .init("id", required: true, [
                    "type": "integer",
                    "minimum": 1,
                    "description": """
                        A product of the list (a film's id in the shipped catalog; `/state`'s `router.products`). 404 `no_such_product` \
                        for one the list does not have.
                        """,
                ]),
                .init("presentation", required: true, [
                    "type": "string",
                    "enum": ["sheet", "fullScreenCover", "navigationDestination"],
                    "description": "How the screen is presented.",
                ]),
            ]
        ),
        EventDescription(
            "dismiss",
            """
                Dismisses the topmost presented screen, as its Close or Back does; the router calls `onScreenDismiss(type:)`. 409 \
                `nothing_presented` when no screen is presented.
                """
        ),
        EventDescription(
            "deleteProduct",
            "A row's Delete: the model presents the alert `.error(title:message:)` with Yes and Cancel.",
            arguments: [
                .init("id", required: true, [
                    "type": "integer",
                    "minimum": 1,
                    "description": """
                        A product of the list (a film's id in the shipped catalog; `/state`'s `router.products`). 404 `no_such_product` \
                        for one the list does not have.
                        """,
                ]),
            ]
        ),
        EventDescription(
            "alertAction",
            """
                Presses one of the alert's buttons (it dismisses the alert, then runs): Yes deletes the product. 409 `no_alert` when no \
                alert is shown.
                """,
            arguments: [
                .init("action", required: true, [
                    "type": "string",
                    "enum": ["Yes", "Cancel"],
                    "description": "The button's title.",
                ]),
            ]
        ),
        EventDescription(
            "reload",
            "The list's intent loads the products again (the list shows Loading until they arrive)."
        ),
    ]

    public static let snapshotSchema: JSONLiteral = [
        "type": "object",
        "required": ["contentState", "products", "presented", "alert"],
        "additionalProperties": false,
        "description": "MVI + Container + Router: the list's content state, its products, the presented screens and the alert.",
        "properties": [
            "contentState": [
                "enum": ["loading", "content", "error"],
                "description": "The list model's `contentState` (`loading` until a page draws the list: its onAppear loads).",
            ],
            "products": [
                "type": "array",
                "items": ["type": "integer"],
                "description": "The product ids the list shows, in order.",
            ],
            "presented": [
                "type": "array",
                "description": "The presented screens, bottom first.",
                "items": [
                    "type": "object",
                    "required": ["screen", "id", "presentation"],
                    "additionalProperties": false,
                    "properties": [
                        "screen": ["const": "productScreen"],
                        "id": ["type": "integer"],
                        "presentation": ["enum": ["sheet", "fullScreenCover", "navigationDestination"]],
                    ],
                ],
            ],
            "alert": [
                "oneOf": [
                    ["type": "null"],
                    [
                        "type": "object",
                        "required": ["title", "message"],
                        "additionalProperties": false,
                        "properties": ["title": ["type": "string"], "message": ["type": "string"]],
                    ],
                ],
                "description": "The alert shown, or null.",
            ],
        ],
    ]
}
