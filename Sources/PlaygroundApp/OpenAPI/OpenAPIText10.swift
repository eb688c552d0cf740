import AppSeam

// The text of the operations and shared schemas of the playground's own routes (not the apps').
extension OpenAPIText {
    static let parameters10: [(String, JSONLiteral)] = [
        ("Room", [
            "name": "room",
            "in": "path",
            "required": true,
            "description": """
                A room id: 24 lowercase hex digits (96 random bits), as `GET /` hands out in `Location`. Rooms live in the server's \
                memory and close after `--room-idle-seconds` without use.
                """,
            "schema": ["type": "string", "pattern": "^[0-9a-f]{24}$"],
            "example": "3f9c0a1b7d2e4c5f6a8b9c0d",
        ]),
        ("IfNoneMatch", [
            "name": "If-None-Match",
            "in": "header",
            "required": false,
            "description": "ETags from an earlier answer (weak ones too) or `*`: 304 when one names the file.",
            "schema": ["type": "string"],
        ]),
        ("VersionTag", [
            "name": "v",
            "in": "query",
            "required": false,
            "description": """
                The file's version tag (its ETag without quotes), as the page links it: the answer may then be cached for good. Any other \
                value only changes `Cache-Control` to `no-cache`.
                """,
            "schema": ["type": "string"],
        ]),
        ("PlaygroundSource", [
            "name": "X-Playground-Source",
            "in": "header",
            "required": false,
            "description": """
                `browser` marks a post from the page's script, so the trace shows it as from the page rather than HTTP. Any other value \
                is ignored.
                """,
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
        ("MethodNotAllowed", error("""
                A known path with a method it does not take (`method_not_allowed`). Each path item's description says its `Allow`.
                """,
            ["method_not_allowed"], headers: [
                "Cache-Control": ["$ref": "#/components/headers/NoStore"],
                "Allow": [
                    "description": "The methods the path takes, e.g. `GET, HEAD` or `POST`.",
                    "required": true,
                    "schema": ["type": "string", "pattern": "^[A-Z]+(, [A-Z]+)*$"],
                ],
            ])),
        ("NotFound", error("No route has this path (`not_found`).", ["not_found"])),
        ("InvalidHeader", error("""
                A header value holds a NUL byte, or a header is folded onto a second line (`invalid_header`); possible on any path.
                """, ["invalid_header"])),
    ]
}
