import AppSeam

// The text of the operations and shared schemas of the playground's own routes (not the apps').
extension OpenAPIText {
    static let paths6: [(String, JSONLiteral)] = [
        ("/public/{path}", [
            "description": "Any method but GET and HEAD answers 405 `method_not_allowed` with `Allow: GET, HEAD`.",
            "parameters": [
                [
                    "name": "path",
                    "in": "path",
                    "required": true,
                    "description": """
                        A file's name relative to `--public-dir`, e.g. `playground.css` (a file in a subfolder is `css/site.css`, its `/` \
                        unencoded). Plain names only: a path with `..`, a `%` left after decoding, a `\\`, NUL or a leading `/` is a 400; \
                        hidden files and symlinks are never served.
                        """,
                    "schema": ["type": "string", "minLength": 1],
                    "example": "playground.css",
                ],
            ],
            "get": [
                "operationId": "staticFile",
                "tags": ["hosting"],
                "summary": "A static file of `--public-dir`",
                "description": "Files are read once at start. The page links them as `?v=<version tag>`, which may be cached for good.",
                "parameters": [
                    ["$ref": "#/components/parameters/IfNoneMatch"],
                    ["$ref": "#/components/parameters/VersionTag"],
                ],
                "responses": [
                    "200": [
                        "description": """
                            The file, its type by extension (css, js, html, txt, json, svg, png, ico, woff2; anything else is \
                            `application/octet-stream`).
                            """,
                        "headers": [
                            "ETag": [
                                "description": """
                                    A fingerprint of the file's bytes (64-bit FNV-1a, 16 hex digits), quoted; `-gzip` after the digits \
                                    for the gzip form sent to a client whose Accept-Encoding takes it.
                                    """,
                                "required": true,
                                "schema": ["type": "string", "pattern": "^\"[0-9a-f]{16}(-gzip)?\"$"],
                            ],
                            "Cache-Control": [
                                "description": "`public, max-age=31536000, immutable` when `v` is the file's version tag, else `no-cache`.",
                                "required": true,
                                "schema": ["enum": ["no-cache", "public, max-age=31536000, immutable"]],
                            ],
                            "X-Content-Type-Options": ["$ref": "#/components/headers/NoSniff"],
                        ],
                        "content": [
                            "text/css; charset=utf-8": ["schema": ["type": "string"]],
                            "text/javascript; charset=utf-8": ["schema": ["type": "string"]],
                            "text/html; charset=utf-8": ["schema": ["type": "string"]],
                            "text/plain; charset=utf-8": ["schema": ["type": "string"]],
                            "application/json; charset=utf-8": ["schema": [:]],
                            "image/svg+xml": ["schema": ["type": "string"]],
                            "image/png": ["schema": ["type": "string", "contentMediaType": "image/png"]],
                            "image/x-icon": ["schema": ["type": "string", "contentMediaType": "image/x-icon"]],
                            "font/woff2": ["schema": ["type": "string", "contentMediaType": "font/woff2"]],
                            "application/octet-stream": [
                                "schema": ["type": "string", "contentMediaType": "application/octet-stream"],
                            ],
                        ],
                    ],
                    "304": [
                        "description": "`If-None-Match` names the file's ETag (or is `*`): not modified, no body.",
                        "headers": [
                            "ETag": [
                                "description": """
                                    A fingerprint of the file's bytes (64-bit FNV-1a, 16 hex digits), quoted; `-gzip` after the digits \
                                    for the gzip form sent to a client whose Accept-Encoding takes it.
                                    """,
                                "required": true,
                                "schema": ["type": "string", "pattern": "^\"[0-9a-f]{16}(-gzip)?\"$"],
                            ],
                            "Cache-Control": [
                                "description": "`public, max-age=31536000, immutable` when `v` is the file's version tag, else `no-cache`.",
                                "required": true,
                                "schema": ["enum": ["no-cache", "public, max-age=31536000, immutable"]],
                            ],
                        ],
                    ],
                    "400": error("Not a plain relative file name (`bad_static_path`).", ["bad_static_path"]),
                    "404": error("No file of this name (`not_found`).", ["not_found"]),
                ],
            ],
        ]),
        ("/rooms/{room}/history", [
            "parameters": [["$ref": "#/components/parameters/Room"]],
            "get": [
                "operationId": "roomHistory",
                "tags": ["journal"],
                "summary": "The room's journal: every input and every answer from outside, in order",
                "responses": [
                    "200": [
                        "description": "The steps, oldest first.",
                        "content": [
                            "application/json; charset=utf-8": ["schema": ["$ref": "#/components/schemas/History"]],
                        ],
                    ],
                    "404": error("No room has this id (`unknown_room`).", ["unknown_room"], headers: nil),
                    "429": error("""
                            This client address has read more history steps (a whole history costs its steps) than ten times \
                            `--replay-steps-per-client-per-second` allows (`too_many_history_reads_from_client`); `Retry-After` says when \
                            to try again.
                            """, ["too_many_history_reads_from_client"], headers: retryAfter),
                    "503": error("""
                            Whole-history reads run off the server threads, a few at once with 64 more waiting their turn; past that \
                            `history_busy`; `Retry-After` says when to try again.
                            """, ["history_busy"], headers: retryAfter),
                ],
            ],
        ]),
        ("/rooms/{room}/export", [
            "parameters": [["$ref": "#/components/parameters/Room"]],
            "get": [
                "operationId": "exportRoom",
                "tags": ["journal"],
                "summary": "The journal as a versioned document (import it to make a copy of the room)",
                "responses": [
                    "200": [
                        "description": "The document.",
                        "content": [
                            "application/json; charset=utf-8": [
                                "schema": ["$ref": "#/components/schemas/JournalDocument"],
                            ],
                        ],
                    ],
                    "404": error("No room has this id (`unknown_room`).", ["unknown_room"], headers: nil),
                    "429": error("""
                            This client address has read more history steps (a whole history costs its steps) than ten times \
                            `--replay-steps-per-client-per-second` allows (`too_many_history_reads_from_client`); `Retry-After` says when \
                            to try again.
                            """, ["too_many_history_reads_from_client"], headers: retryAfter),
                    "503": error("""
                            Whole-history reads run off the server threads, a few at once with 64 more waiting their turn; past that \
                            `history_busy`; `Retry-After` says when to try again.
                            """, ["history_busy"], headers: retryAfter),
                ],
            ],
        ]),
    ]
}
