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
                            "ETag": fileETag,
                            "Cache-Control": fileCacheControl,
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
                    "304": fileNotModified,
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
                    "429": historyReadLimit,
                    "503": historyBusy,
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
                    "429": historyReadLimit,
                    "503": historyBusy,
                ],
            ],
        ]),
    ]
}
