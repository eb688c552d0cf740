// swift-tools-version:6.1
// Architecture Playground: five SwiftUI architectures as live Swift runtimes, rendered to HTML
// and streamed to the browser over Server-Sent Events by a libmicrohttpd server.
import PackageDescription

let package = Package(
    name: "ArchitecturePlayground",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "playground", targets: ["playground"])
    ],
    dependencies: [
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    ],
    targets: [
        // C binding: libmicrohttpd through a shim with static inline wrappers for variadic calls.
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        // C binding: SQLite, the rooms' journal (the same system-library pattern; Debian's libsqlite3-dev).
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // C binding: libdeflate, whole-buffer gzip for pages and static files (Debian's libdeflate-dev).
        .systemLibrary(
            name: "CLibDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]
        ),
        // C binding: OpenSSL's libcrypto, SHA-256 and constant-time comparison for presenter tokens (Debian's libssl-dev).
        .systemLibrary(
            name: "CLibCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // SQLite's default VFS with a commit's WAL frames sent in one write (SQLite writes two per frame).
        .target(name: "CSQLiteBatchedWAL", dependencies: ["CSQLite"]),
        // The one JSON string escaper (also safe inside HTML), shared by the server's errors and the film catalog's API.
        .target(name: "JSONText"),
        // HTTP/1.1 + Server-Sent Events on libmicrohttpd: the only module that imports the C binding.
        .target(
            name: "PlaygroundHTTP",
            dependencies: [
                "CMicroHTTPD", "CLibDeflate", "JSONText",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ]
        ),
        // A small SwiftUI-shaped view layer that renders to escaped HTML.
        .target(
            name: "PlaygroundUI",
            dependencies: ["RoomServices", .product(name: "OpenCombine", package: "OpenCombine")]
        ),
        // What a room lends the apps it hosts, below the runtimes: effects (the outside, journaled), turns, seeded
        // randomness, and the one room-bound value wrapper.
        .target(name: "RoomServices"),
        // The app seam: the one protocol an architecture's sample implements to be hosted in a room, its input
        // decoding from the flat envelope, typed teaching stages, and the registry the composition root fills.
        .target(name: "AppSeam", dependencies: ["PlaygroundUI", "RoomServices"]),
        // Architecture runtimes: each keeps its seed article's names and semantics.
        .target(
            name: "EVRuntime",
            dependencies: ["PlaygroundUI", "RoomServices", "AppSeam", .product(name: "OpenCombine", package: "OpenCombine")]
        ),
        .target(
            name: "VVSIRuntime",
            dependencies: ["PlaygroundUI", "RoomServices", "AppSeam", .product(name: "OpenCombine", package: "OpenCombine")]
        ),
        .target(
            name: "MVIRuntime",
            dependencies: ["PlaygroundUI", "RoomServices", "AppSeam", .product(name: "OpenCombine", package: "OpenCombine")]
        ),
        .target(
            name: "NiceRuntime",
            dependencies: ["PlaygroundUI", "RoomServices", "AppSeam", .product(name: "OpenCombine", package: "OpenCombine")]
        ),
        .target(
            name: "RouterRuntime",
            dependencies: ["PlaygroundUI", "RoomServices", "AppSeam", .product(name: "OpenCombine", package: "OpenCombine")]
        ),
        // The film catalog behind the MVI movie search: CSV loading and the search index.
        .target(name: "MovieCatalog", dependencies: ["JSONText"]),
        .executableTarget(name: "movie-search-bench", dependencies: ["MovieCatalog"]),
        // What one EV event costs the view layer (send + render), for profiling the renderer.
        .executableTarget(name: "render-bench", dependencies: ["RandomColorEV", "EVRuntime", "PlaygroundUI"]),
        // Sample apps, written like the seeds.
        .target(
            name: "RandomColorEV",
            dependencies: ["PlaygroundUI", "EVRuntime", "AppSeam", "RoomServices", .product(name: "OpenCombine", package: "OpenCombine")],
            path: "Samples/RandomColorEV"
        ),
        .target(
            name: "ListViewVVSI",
            dependencies: ["PlaygroundUI", "VVSIRuntime", "AppSeam", "RoomServices", .product(name: "OpenCombine", package: "OpenCombine")],
            path: "Samples/ListView"
        ),
        .target(
            name: "MovieSearchMVI",
            dependencies: [
                "PlaygroundUI", "MVIRuntime", "MovieCatalog", "AppSeam", "RoomServices", .product(name: "OpenCombine", package: "OpenCombine"),
            ],
            path: "Samples/MovieSearch"
        ),
        .target(
            name: "PostsNice",
            dependencies: ["PlaygroundUI", "NiceRuntime", "AppSeam", "RoomServices", .product(name: "OpenCombine", package: "OpenCombine")],
            path: "Samples/Posts"
        ),
        .target(
            name: "ProductsRouter",
            dependencies: ["PlaygroundUI", "RouterRuntime", "MovieCatalog", "AppSeam", "RoomServices", .product(name: "OpenCombine", package: "OpenCombine")],
            path: "Samples/Products"
        ),
        // The Films app's one spec, shared by its five implementations: its events, its `films` snapshot, its API
        // client over HTTP and its leaf views.
        .target(
            name: "FilmsKit", dependencies: ["PlaygroundUI", "AppSeam", "RoomServices", "MovieCatalog"], path: "Samples/FilmsKit"),
        // The Films app written five times, each in its article's idiom and on its runtime (the compare page's apps).
        .target(
            name: "FilmsEV",
            dependencies: ["FilmsKit", "PlaygroundUI", "EVRuntime", "AppSeam", "RoomServices", .product(name: "OpenCombine", package: "OpenCombine")],
            path: "Samples/FilmsEV"),
        .target(
            name: "FilmsVVSI",
            dependencies: ["FilmsKit", "PlaygroundUI", "VVSIRuntime", "AppSeam", "RoomServices", .product(name: "OpenCombine", package: "OpenCombine")],
            path: "Samples/FilmsVVSI"),
        .target(
            name: "FilmsMVI",
            dependencies: ["FilmsKit", "PlaygroundUI", "MVIRuntime", "AppSeam", "RoomServices", .product(name: "OpenCombine", package: "OpenCombine")],
            path: "Samples/FilmsMVI"),
        .target(
            name: "FilmsNice",
            dependencies: ["FilmsKit", "PlaygroundUI", "NiceRuntime", "AppSeam", "RoomServices", .product(name: "OpenCombine", package: "OpenCombine")],
            path: "Samples/FilmsNice"),
        .target(
            name: "FilmsRouter",
            dependencies: ["FilmsKit", "PlaygroundUI", "RouterRuntime", "AppSeam", "RoomServices", "MovieCatalog", .product(name: "OpenCombine", package: "OpenCombine")],
            path: "Samples/FilmsRouter"),
        // The demo back ends the samples fetch from over HTTP, beside them: the posts API (the Nice sample's) and the
        // TMDB-like film search (the MVI sample's). The composition root registers their routes.
        .target(name: "PostsBackEnd", dependencies: ["PlaygroundHTTP", "PlaygroundUI", "AppSeam"], path: "Samples/PostsBackEnd"),
        .target(name: "MovieSearchBackEnd", dependencies: ["PlaygroundHTTP", "MovieCatalog"], path: "Samples/MovieSearchBackEnd"),
        // The composition root's lists: the apps every room hosts (the one list of samples) and the back ends they
        // fetch from, used by the executable and the tests.
        .target(
            name: "StandardApps",
            dependencies: [
                "AppSeam", "RandomColorEV", "ListViewVVSI", "MovieSearchMVI", "PostsNice", "ProductsRouter", "FilmsKit", "FilmsEV", "FilmsVVSI",
                "FilmsMVI", "FilmsNice", "FilmsRouter", "PlaygroundApp", "MovieCatalog", "PostsBackEnd", "MovieSearchBackEnd",
            ]),
        // The rooms' journal: its SQLite store (the only module that imports the SQLite bindings, behind
        // `internal import`), the store's log, the entries, snapshots and documents, and the damage found at start.
        .target(name: "PlaygroundJournal", dependencies: ["AppSeam", "RoomServices", "PlaygroundUI", "JSONText", "CSQLite", "CSQLiteBatchedWAL"]),
        // The playground: rooms, pages and routes; hosts whatever apps the registry it is given lists.
        .target(
            name: "PlaygroundApp",
            dependencies: [
                "PlaygroundHTTP", "PlaygroundUI", "AppSeam", "RoomServices", "JSONText", "PlaygroundJournal", "CLibCrypto",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        .executableTarget(
            name: "playground",
            dependencies: [
                "PlaygroundApp", "PlaygroundHTTP", "PlaygroundJournal", "StandardApps",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Live-test support (a raw TCP client for HTTP and SSE), shared by the test targets.
        .target(
            name: "PlaygroundTesting", dependencies: ["MovieCatalog", "AppSeam", "PlaygroundUI", "RoomServices", "FilmsKit"],
            path: "Tests/Support/PlaygroundTesting"),
        .testTarget(name: "PlaygroundHTTPTests", dependencies: ["PlaygroundHTTP", "PlaygroundTesting", "JSONText"]),
        .testTarget(name: "PlaygroundUITests", dependencies: ["PlaygroundUI", "RoomServices"]),
        .testTarget(name: "AppSeamTests", dependencies: ["AppSeam", "PlaygroundUI", "RoomServices", "PlaygroundTesting"]),
        .testTarget(
            name: "EVRuntimeTests",
            dependencies: [
                "EVRuntime", "RandomColorEV", "PlaygroundUI", "AppSeam", "PlaygroundTesting",
                .product(name: "OpenCombine", package: "OpenCombine"),
            ]),
        .testTarget(
            name: "VVSIRuntimeTests",
            dependencies: [
                "VVSIRuntime", "ListViewVVSI", "PlaygroundUI", "PlaygroundTesting", "AppSeam", "RoomServices",
                .product(name: "OpenCombine", package: "OpenCombine"),
            ]
        ),
        .testTarget(
            name: "RouterRuntimeTests",
            dependencies: [
                "RouterRuntime", "ProductsRouter", "PlaygroundUI", "PlaygroundTesting", "RoomServices", .product(name: "OpenCombine", package: "OpenCombine"),
            ]
        ),
        .testTarget(name: "MovieCatalogTests", dependencies: ["MovieCatalog", "PlaygroundTesting"]),
        .testTarget(
            name: "MVIRuntimeTests",
            dependencies: [
                "MVIRuntime", "MovieSearchMVI", "MovieCatalog", "PlaygroundUI", "PlaygroundHTTP", "PlaygroundTesting", "AppSeam", "RoomServices",
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "NiceRuntimeTests",
            dependencies: [
                "NiceRuntime", "PostsNice", "PlaygroundUI", "PlaygroundTesting", "AppSeam",
                .product(name: "OpenCombine", package: "OpenCombine"),
            ]
        ),
        // The Films spec's scenarios, run against every implementation.
        .testTarget(
            name: "FilmsConformanceTests",
            dependencies: [
                "FilmsKit", "AppSeam", "PlaygroundTesting", "PlaygroundHTTP", "MovieCatalog", "MovieSearchBackEnd", "RoomServices",
                "PlaygroundUI", "FilmsEV", "EVRuntime", "FilmsVVSI", "VVSIRuntime", "FilmsMVI", "MVIRuntime", "FilmsNice", "NiceRuntime",
                "FilmsRouter", "RouterRuntime",
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(name: "PlaygroundJournalTests", dependencies: ["PlaygroundJournal", "CSQLite"]),
        .testTarget(
            name: "PlaygroundAppTests",
            dependencies: [
                "PlaygroundApp", "PlaygroundJournal", "PlaygroundHTTP", "PlaygroundTesting", "MovieCatalog", "AppSeam", "StandardApps",
                "PlaygroundUI", "RoomServices", "RandomColorEV", "ListViewVVSI", "MovieSearchMVI", "PostsNice", "ProductsRouter", "FilmsKit",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
