import AppSeam

// The text of the operations and shared schemas of the playground's own routes (not the apps').
extension OpenAPIText {
    static let parameters10: [(String, JSONLiteral)] = [
        ("PlaygroundSource", [
            "name": "X-Playground-Source",
            "in": "header",
            "required": false,
            "description": "`browser` marks a post from the page's script, so the trace shows it as from the page rather than HTTP. Any other value is ignored.",
            "schema": ["type": "string"],
            "example": "browser",
        ]),
    ]
    static let headers10: [(String, JSONLiteral)] = [
        ("Retry-After", [
            "description": "Whole seconds to wait before trying again.",
            "required": true,
            "schema": ["type": "integer", "minimum": 1],
        ]),
        ("NoStore", ["description": "Never cached.", "required": true, "schema": ["const": "no-store"]]),
        ("NoSniff", ["required": true, "schema": ["const": "nosniff"]]),
        ("PageCSP", [
            "description": "Scripts and styles only from this origin.",
            "required": true,
            "schema": ["type": "string", "pattern": "^default-src 'self';"],
        ]),
        ("ReferrerPolicy", [
            "description": "A form post from a one-app page returns there.",
            "required": true,
            "schema": ["const": "same-origin"],
        ]),
    ]
    static let responses10: [(String, JSONLiteral)] = [
        ("MethodNotAllowed", [
            "description": "A known path with a method it does not take (`method_not_allowed`). Each path item's description says its `Allow`.",
            "headers": [
                "Cache-Control": ["$ref": "#/components/headers/NoStore"],
                "Allow": [
                    "description": "The methods the path takes, e.g. `GET, HEAD` or `POST`.",
                    "required": true,
                    "schema": ["type": "string", "pattern": "^[A-Z]+(, [A-Z]+)*$"],
                ],
            ],
            "content": [
                "application/json; charset=utf-8": [
                    "schema": [
                        "allOf": [
                            ["$ref": "#/components/schemas/Error"],
                            ["properties": ["error": ["properties": ["code": ["enum": ["method_not_allowed"]]]]]],
                        ],
                    ],
                ],
            ],
        ]),
        ("NotFound", [
            "description": "No route has this path (`not_found`).",
            "headers": ["Cache-Control": ["$ref": "#/components/headers/NoStore"]],
            "content": [
                "application/json; charset=utf-8": [
                    "schema": [
                        "allOf": [
                            ["$ref": "#/components/schemas/Error"],
                            ["properties": ["error": ["properties": ["code": ["enum": ["not_found"]]]]]],
                        ],
                    ],
                ],
            ],
        ]),
        ("InvalidHeader", [
            "description": "A header value holds a NUL byte, or a header is folded onto a second line (`invalid_header`); possible on any path.",
            "headers": ["Cache-Control": ["$ref": "#/components/headers/NoStore"]],
            "content": [
                "application/json; charset=utf-8": [
                    "schema": [
                        "allOf": [
                            ["$ref": "#/components/schemas/Error"],
                            ["properties": ["error": ["properties": ["code": ["enum": ["invalid_header"]]]]]],
                        ],
                    ],
                ],
            ],
        ]),
    ]
}
