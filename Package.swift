// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "BooksTrack",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "bookstrack", targets: ["bookstrack"]),
        .library(name: "BooksTrackCore", targets: ["BooksTrackCore"]),
        .library(name: "BooksTrackImport", targets: ["BooksTrackImport"]),
        .library(name: "BooksTrackStore", targets: ["BooksTrackStore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/vapor/sql-kit", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit", from: "4.5.2"),
        // SQLite's C interface for reading KOReader's statistics database (an import format).
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-kit", from: "2.17.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/JohnSundell/Plot", from: "0.14.0"),
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        // Models, taxonomies, metrics and the pure import planner. Foundation only.
        .target(name: "BooksTrackCore", resources: [.copy("Resources/authors.tsv")]),
        // SVG charts rendered from Core values.
        .target(name: "BooksTrackCharts", dependencies: ["BooksTrackCore"], resources: [.copy("Resources/world.tsv")]),
        // The system's zlib, for compressed backups (`.json.gz`).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // glibc's malloc_trim, to give a big import's freed memory back (Linux only).
        .systemLibrary(name: "CMalloc"),
        // Parsers for Goodreads, StoryGraph, LibraryThing and our own backup.
        .target(
            name: "BooksTrackImport",
            dependencies: ["BooksTrackCore", "CZlib", .product(name: "SQLiteNIO", package: "sqlite-nio")]),
        // Wikidata and Open Library clients (SPEC F8): HTTP, rate limits, retries, parsing.
        .target(
            name: "BooksTrackEnrichment",
            dependencies: [
                "BooksTrackCore", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            ]),
        // Notifications posted to a reader's webhook: the address checked (no private network
        // unless allowed), the connection pinned to the address checked (no DNS rebinding).
        .target(
            name: "BooksTrackWebhooks",
            dependencies: [
                "BooksTrackCore", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            ]),
        // SQLKit schema, migrations and repositories on SQLite and PostgreSQL.
        .target(
            name: "BooksTrackStore",
            dependencies: [
                "BooksTrackCore",
                "CMalloc",
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The use cases every face shares: accounts, imports as background jobs, insights,
        // curation, the job runner. No HTTP and no HTML.
        .target(
            name: "BooksTrackApp",
            dependencies: [
                "BooksTrackCore", "BooksTrackImport", "BooksTrackStore", "BooksTrackEnrichment", "BooksTrackWebhooks",
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The web app and JSON API (Hummingbird 2, HTML built with Plot).
        .target(
            name: "BooksTrackWeb",
            dependencies: [
                "BooksTrackCore", "BooksTrackImport", "BooksTrackCharts", "BooksTrackApp",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Plot", package: "Plot"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Assets")]
        ),
        // The command-line tool; the only place that picks concrete implementations.
        .executableTarget(
            name: "bookstrack",
            dependencies: [
                "BooksTrackCore",
                "BooksTrackImport",
                "BooksTrackApp",
                "BooksTrackWeb",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            exclude: ["startup.order"]
        ),
        // Benchmarks: `swift package benchmark` (release build). See Benchmarks/README.md.
        .executableTarget(
            name: "ImportBenchmarks",
            dependencies: [
                "BooksTrackCore", "BooksTrackImport", "BooksTrackStore", "BooksTrackApp", "BooksTrackTestSupport", "CMalloc",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            path: "Benchmarks/ImportBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "InsightBenchmarks",
            dependencies: [
                "BooksTrackCore", "BooksTrackCharts", "BooksTrackTestSupport", .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/InsightBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Shared by the test targets: fixture files, a fixed clock, databases to test against.
        // `.today("2026-11-21")`: the day a suite's reader lives on (`TestClock.today`).
        .target(
            name: "BooksTrackTestTraits", dependencies: ["BooksTrackCore", "BooksTrackTestSupport"], path: "Tests/TestTraits"),
        .target(
            name: "BooksTrackTestSupport",
            dependencies: [
                "BooksTrackCore", "BooksTrackStore", .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"), .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "BooksTrackCoreTests", dependencies: ["BooksTrackCore", "BooksTrackTestSupport", "BooksTrackTestTraits"]),
        .testTarget(
            name: "BooksTrackEnrichmentTests",
            dependencies: ["BooksTrackEnrichment", "BooksTrackCore", "BooksTrackTestSupport", "BooksTrackTestTraits"]
        ),
        .testTarget(name: "BooksTrackChartsTests", dependencies: ["BooksTrackCharts", "BooksTrackCore"]),
        .testTarget(
            name: "BooksTrackImportTests",
            dependencies: ["BooksTrackImport", "BooksTrackCore", "BooksTrackTestSupport", "BooksTrackTestTraits"]
        ),
        .testTarget(
            name: "BooksTrackStoreTests",
            dependencies: [
                "BooksTrackStore", "BooksTrackImport", "BooksTrackCore", "BooksTrackTestSupport", "BooksTrackTestTraits",
            ]
        ),
        .testTarget(
            name: "BooksTrackWebTests",
            dependencies: [
                "BooksTrackWeb", "BooksTrackApp", "BooksTrackStore", "BooksTrackImport", "BooksTrackCore",
                "BooksTrackTestSupport", "BooksTrackTestTraits",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .testTarget(
            name: "BooksTrackAppTests",
            dependencies: [
                "BooksTrackApp", "BooksTrackStore", "BooksTrackImport", "BooksTrackCore", "BooksTrackEnrichment",
                "BooksTrackWebhooks",
                "BooksTrackTestSupport", "BooksTrackTestTraits",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "BookstrackCLITests",
            dependencies: ["BooksTrackCore", "BooksTrackStore", "BooksTrackTestSupport", "BooksTrackTestTraits"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Release builds keep the code a server runs at start and at rest together, so an idle server
// maps 7 MB of its binary's code rather than 13 (docs/decisions/0008-startup-layout.md): every
// function of our modules in a section of its own, and the executable linked by lld in the order
// `Sources/bookstrack/startup.order` lists (written by `scripts/startup-order/generate`). Where the
// building machine's glibc reads packed relative relocations (2.36 and later), they are packed too:
// a binary built there needs that glibc to run, as it needs that machine's Swift runtime.
let ownModules = package.targets.filter { $0.type == .regular || $0.type == .executable }
    .filter { $0.path == nil }
for target in ownModules {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .unsafeFlags(["-Xfrontend", "-function-sections"], .when(platforms: [.linux], configuration: .release))
        ]
}
#if canImport(Glibc)
    import Glibc
    let glibcReadsPackedRelocations: Bool = {
        // "glibc 2.36"
        var text = [UInt8](repeating: 0, count: 64)
        let length = text.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { confstr(Int32(_CS_GNU_LIBC_VERSION), $0.baseAddress, $0.count) }
        }
        guard length > 1 else { return false }
        let words = String(decoding: text.prefix(length - 1), as: UTF8.self).split(separator: " ")
        let version = words.last?.split(separator: ".").compactMap { Int($0) } ?? []
        return version.count >= 2 && (version[0], version[1]) >= (2, 36)
    }()
#else
    let glibcReadsPackedRelocations = false
#endif
for target in package.targets where target.name == "bookstrack" {
    let packed = glibcReadsPackedRelocations ? ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"] : []
    target.linkerSettings =
        (target.linkerSettings ?? []) + [
            .unsafeFlags(
                [
                    "-use-ld=lld",
                    "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/bookstrack/startup.order",
                    "-Xlinker", "--no-warn-symbol-ordering",
                ] + packed, .when(platforms: [.linux], configuration: .release))
        ]
}
