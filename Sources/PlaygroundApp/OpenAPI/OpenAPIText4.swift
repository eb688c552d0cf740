import AppSeam

// The text of the operations and shared schemas of the playground's own routes (not the apps').
extension OpenAPIText {
    static let paths4: [(String, JSONLiteral)] = [
        ("/rooms/{room}/events", [
            "description": otherMethods("POST"),
            "parameters": [["$ref": "#/components/parameters/Room"]],
            "post": [
                "operationId": "postEvent",
                "tags": ["rooms"],
                "summary": "Post one event to an app of the room",
                "description": """
                    The one envelope every app accepts: `{\"app\":…,\"event\":…,…arguments}` as JSON, or the same fields urlencoded \
                    (numbers written as below), as curl twins and the page's event forms post it. Checked in this order, and a refused \
                    event changes nothing: the room (404), the body and the event (415, 400), the client's then the room's event budget \
                    (429); then the app applies it (404 for a post it does not have, 409, 503).\n\nIn JSON the body must be one flat \
                    object of strings, numbers, booleans and null, each field once; a number is written as in a form (one reader takes \
                    both): an integer is decimal digits (`3`), a fraction digits, `.` and digits (`0.5`), either with a leading `-` for a \
                    negative one; a number with an exponent (`1e2`), or an integer argument given with a fraction (`3.0`), is 400 \
                    `invalid_argument`. In a form each field must appear once, `+` is a space, `%XX` a byte, and the text must be UTF-8; \
                    a number field's text is read as a JSON number is, so `+3`, `0x1p-1`, `.5`, `03` or ` 3` is 400 `invalid_argument`.
                    """,
                "parameters": [["$ref": "#/components/parameters/PlaygroundSource"]],
                "requestBody": [
                    "required": true,
                    "content": [
                        "application/json": ["schema": ["$ref": "#/components/schemas/Event"]],
                        "application/x-www-form-urlencoded": ["schema": ["$ref": "#/components/schemas/Event"]],
                    ],
                ],
                "responses": [
                    "202": eventAccepted,
                    "303": formRedirect,
                    "400": error("""
                            The body or the event is not one the apps accept; the message says what was wrong and what is accepted: \
                            `malformed_json`, `malformed_form`, `empty_body`, `missing_app`, `missing_event`, `unknown_app`, \
                            `unknown_event`, `unexpected_argument`, `missing_argument`, `invalid_argument`.
                            """,
                        [
                            "malformed_json",
                            "malformed_form",
                            "empty_body",
                            "missing_app",
                            "missing_event",
                            "unknown_app",
                            "unknown_event",
                            "unexpected_argument",
                            "missing_argument",
                            "invalid_argument",
                        ]),
                    "404": error("""
                            No room has this id (`unknown_room`): it never existed, or it closed. Or the event names a post the list does \
                            not have (`no_such_post`, nice) or a product it does not have (`no_such_product`, router).
                            """, ["unknown_room", "no_such_post", "no_such_product"]),
                    "409": error("""
                            The app's state does not allow the event now (each event of `Event` names its codes, e.g. `no_alert`). Or the \
                            room's journal is full and cannot be folded into a snapshot (`journal_full`: fork it to go on), or this \
                            client address has written its share of it (`journal_share_used`, `--journal-share-per-client`: others go on; \
                            fork it to go on alone).
                            """,
                        [
                            "no_alert",
                            "no_search_yet",
                            "posts_not_loaded",
                            "no_post_open",
                            "nothing_presented",
                            "too_many_presented",
                            "journal_full",
                            "journal_share_used",
                        ]),
                    "413": bodyTooLarge,
                    "415": unsupportedBody,
                    "429": eventBudget,
                    "503": error("""
                            The app is too busy to take the event (its own code, e.g. `action_queue_full`: a full action queue; retry in \
                            a moment), or the room's journal cannot be written (`journal_unavailable`), or the room's history is at its \
                            bound and is folded into a snapshot as soon as the VVSI action running has finished (`journal_folding`, with \
                            `Retry-After`).
                            """,
                        ["action_queue_full", "not_mounted", "journal_unavailable", "journal_folding"], headers: [
                            "Cache-Control": ["$ref": "#/components/headers/NoStore"],
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
