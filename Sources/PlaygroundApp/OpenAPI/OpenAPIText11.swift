import AppSeam

extension OpenAPIText {
    /// The step-through: a trace row's stages, and the files they point into.
    static let paths11: [(String, JSONLiteral)] = [
        ("/rooms/{room}/apps/{app}/steps/{step}", [
            "description": otherMethods("GET, HEAD"),
            "parameters": [
                ["$ref": "#/components/parameters/Room"],
                ["name": "app", "in": "path", "required": true, "description": "An app id.", "schema": ["$ref": "#/components/schemas/AppID"]],
                [
                    "name": "step", "in": "path", "required": true,
                    "description": "The room's step a trace row shows (its number); the app's trace keeps its last 20 rows.",
                    "schema": ["type": "string", "pattern": "^[1-9][0-9]{0,11}$"],
                ],
                [
                    "name": "stage", "in": "query", "required": false,
                    "description": "The page only: which stage to show (1-based; 1 when absent).",
                    "schema": ["type": "string", "pattern": "^([1-9]|[12][0-9]|3[0-2])$"],
                ],
            ],
            "get": [
                "operationId": "stepThrough",
                "tags": ["rooms"],
                "summary": "A trace row's stages, as its runtime reported them",
                "description": """
                    What one step of the app passed through, in order: each stage's name, its place in the flow strip, the concrete \
                    call, the file and line range that ran it (with the lines around them), and whether it ran later (after an \
                    effect's answer or a turn). JSON by default; a client whose `Accept` names `text/html` gets the same walk as a page \
                    (`?stage=k` links), which is where a trace row's Step ▶ goes without JavaScript.
                    """,
                "responses": [
                    "200": [
                        "description": "The row's stages.",
                        "content": [
                            "application/json; charset=utf-8": ["schema": ["$ref": "#/components/schemas/StepThrough"]],
                            "text/html; charset=utf-8": ["schema": ["type": "string", "contentMediaType": "text/html"]],
                        ],
                    ],
                    "400": error("""
                            The step is not a number 1 or more (`invalid_step`), or `stage` is not 1…32 (`invalid_stage`).
                            """, ["invalid_step", "invalid_stage"]),
                    "404": error("""
                            No app has this id (`unknown_app`), no room has this id (`unknown_room`), or the app's trace holds no row of \
                            that step (`no_such_step`; the message says which steps it holds).
                            """, ["unknown_app", "unknown_room", "no_such_step"]),
                ],
            ],
        ]),
        ("/sources/{module}/{file}", [
            "description": otherMethods("GET, HEAD"),
            "parameters": [
                [
                    "name": "module", "in": "path", "required": true,
                    "description": "A sample's or a runtime's module, as a stage names it (`EVRuntime`, `ListViewVVSI`).",
                    "schema": ["type": "string"],
                ],
                ["name": "file", "in": "path", "required": true, "description": "A Swift file's name (`Action.swift`).", "schema": ["type": "string"]],
                [
                    "name": "lines", "in": "query", "required": false, "description": "Lines to mark: `N` or `N-M`, within the file.",
                    "schema": ["type": "string", "pattern": "^[1-9][0-9]{0,5}(-[1-9][0-9]{0,5})?$"],
                ],
            ],
            "get": [
                "operationId": "sourceFile",
                "tags": ["rooms"],
                "summary": "A sample or runtime file with numbered lines",
                "description": "The file as a page: each line numbered (`#L12` links to it), `lines` marked. Only the samples' and their runtimes' files.",
                "responses": [
                    "200": [
                        "description": "The file.",
                        "headers": pageHeaders,
                        "content": ["text/html; charset=utf-8": ["schema": ["type": "string", "contentMediaType": "text/html"]]],
                    ],
                    "400": error("`lines` is not N or N-M within the file (`invalid_lines`).", ["invalid_lines"]),
                    "404": error("No sample or runtime file has that name (`unknown_source`).", ["unknown_source"]),
                ],
            ],
        ]),
    ]

    static let schemas11: [(String, JSONLiteral)] = [
        ("StepThrough", [
            "type": "object",
            "required": ["app", "step", "event", "source", "became", "changes", "strip", "stages"],
            "properties": [
                "app": ["type": "string"],
                "step": ["type": "integer", "minimum": 1],
                "event": ["type": "string"],
                "source": ["type": "string"],
                "became": ["type": "array", "items": ["type": "string"], "description": "What the architecture turned the event into."],
                "changes": ["type": "array", "items": ["type": "string"], "description": "What it changed in the app's snapshot."],
                "strip": [
                    "type": "array",
                    "description": "The flow strip's stages, in order.",
                    "items": [
                        "type": "object", "required": ["name", "detail"],
                        "properties": ["name": ["type": "string"], "detail": ["type": "string"]],
                    ],
                ],
                "stages": [
                    "type": "array",
                    "description": "The stages the step passed, in the order they ran.",
                    "items": [
                        "type": "object",
                        "required": ["stage", "place", "call", "file", "fileID", "lines", "later", "url", "excerpt"],
                        "properties": [
                            "stage": ["type": "string"],
                            "place": ["type": "integer", "minimum": 0, "description": "Its box in `strip` (0-based)."],
                            "call": ["type": "string", "description": "What ran, e.g. `viewState.trigger(.add)`."],
                            "file": ["type": ["string", "null"], "description": "Its repository path; null when the server has no copy."],
                            "fileID": ["type": "string", "description": "`Module/File.swift`."],
                            "lines": ["type": "array", "items": ["type": "integer", "minimum": 1], "minItems": 2, "maxItems": 2],
                            "later": ["type": "boolean", "description": "It ran after the input returned (an effect's answer, a turn)."],
                            "url": ["type": ["string", "null"], "description": "The file's page with the lines marked."],
                            "excerpt": [
                                "type": "array",
                                "items": [
                                    "type": "object", "required": ["line", "text", "ran"],
                                    "properties": ["line": ["type": "integer"], "text": ["type": "string"], "ran": ["type": "boolean"]],
                                ],
                            ],
                        ],
                    ],
                ],
            ],
        ]),
    ]
}
