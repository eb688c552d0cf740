import AppSeam

// The text of the operations and shared schemas of the playground's own routes (not the apps').
extension OpenAPIText {
    static let paths5: [(String, JSONLiteral)] = [
        ("/rooms/{room}/actions", [
            "description": otherMethods("POST"),
            "parameters": [["$ref": "#/components/parameters/Room"]],
            "post": [
                "operationId": "pressControl",
                "tags": ["rooms"],
                "summary": "Press a control of an app's view (runs its closure)",
                "description": """
                    What a control that holds a closure posts from the page (`Button { … }`, the Return of a `TextField(…, onCommit:)`, a \
                    `Toggle`): the app, the control's id (eight characters naming its position in the view tree, from its form) and, for \
                    a field or a toggle, its value. The closure kept at that position runs in the room, as a tap runs it in SwiftUI (e.g. \
                    `eventSubject.send(.changeBothSidesColors)`). The same checks and event budgets as `/events`, in the same order; a \
                    refused press changes nothing. Control ids change with the view tree, so scripts should post `/events`.
                    """,
                "parameters": [["$ref": "#/components/parameters/PlaygroundSource"]],
                "requestBody": [
                    "required": true,
                    "content": [
                        "application/x-www-form-urlencoded": [
                            "schema": ["$ref": "#/components/schemas/ControlPress"],
                            "examples": [
                                "press": ["summary": "A button's form", "value": ["app": "ev", "control": "Qx3b0_Lm"]],
                            ],
                        ],
                        "application/json": ["schema": ["$ref": "#/components/schemas/ControlPress"]],
                    ],
                ],
                "responses": [
                    "202": eventAccepted,
                    "303": formRedirect,
                    "400": error("""
                            The body is not a control press (`malformed_json`, `malformed_form`, `empty_body`, `missing_app`, \
                            `missing_control`, `unexpected_argument`, `invalid_action_value` for a `value` that is not text, \
                            `invalid_argument` for a number in any field written as the event bodies forbid, e.g. with an exponent), names no \
                            app (`unknown_app`), or the control does not take this value (`invalid_action_value`, e.g. a toggle's value \
                            other than `true`/`false`, a field's text with a control character or over 1,000 characters).
                            """,
                        [
                            "malformed_json",
                            "malformed_form",
                            "empty_body",
                            "missing_app",
                            "missing_control",
                            "unexpected_argument",
                            "invalid_action_value",
                            "invalid_argument",
                            "unknown_app",
                        ]),
                    "404": error("No room has this id (`unknown_room`): it never existed, or it closed.", ["unknown_room"]),
                    "409": error("""
                            No control of the app is at this id any more: the page is older than the view (`stale_action`; reload it), or \
                            the app has no controls that hold closures. Or the room's journal is full and cannot be folded into a \
                            snapshot (`journal_full`: fork it to go on), or this client address has written its share of it \
                            (`journal_share_used`, `--journal-share-per-client`: others go on; fork it to go on alone).
                            """, ["stale_action", "journal_full", "journal_share_used"]),
                    "413": bodyTooLarge,
                    "415": unsupportedBody,
                    "429": eventBudget,
                    "503": error("""
                            The room's history is at its bound and is folded into a snapshot as soon as the VVSI action running has \
                            finished (`journal_folding`; send it again after `Retry-After`), or the room's journal cannot be written \
                            (`journal_unavailable`).
                            """,
                        ["journal_folding", "journal_unavailable"], headers: [
                            "Retry-After": [
                                "description": "Seconds to wait before sending it again.",
                                "schema": ["type": "integer"],
                            ],
                        ]),
                ],
            ],
        ]),
    ]
}
