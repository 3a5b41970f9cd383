// swift-tools-version:6.1
// HabitFlow Core: one engine (HabitFlowCore), thin faces around it.
// Dependencies point one way:
//   HabitFlowCore  <-  HabitFlowTZData (the tz database embedded at build time: the EmbedTZData
//                      plugin runs TZDataPacker over the build machine's zoneinfo)
//                  <-  HabitFlowStore (the storage protocols, the in-memory store)
//                  <-  HabitFlowSQLite (the SQLite file store)
//                  <-  HabitFlow (Swift API, engine handle, system tz files)
//                  <-  HabitFlowAsync (the awaited face: `Engine.run`, `Engine.changes()`; apart so
//                      the C library, which never awaits, carries no concurrency runtime)
//                  <-  HabitFlowFoundation (Date, TimeZone, DateComponents: the only Foundation)
//                  <-  HabitFlowCharts (SVG pictures of derived data)
//                  <-  HabitFlowProtocol (dispatcher + JSON codec over json-c)
//                  <-  HabitFlowC (@_cdecl exports behind include/habitflow.h)
//   HabitFlowCLI (the `habitflow` executable) uses HabitFlow and HabitFlowProtocol, its parser
//   HabitFlowCommandLine (standard library only), and libcurl (CCurl, opened on first use) to
//   reach a sync server: the library itself has no networking.
// The shipped .so is built by scripts/build-lib (release, Swift runtime linked in, SONAME);
// that flag belongs on its command line only: here it would break `swift test`.
import PackageDescription

/// The shipped build's faces, stores and charts optimised for size (scripts/build-release sets
/// HABITFLOW_SHIPPED=1); the rules and the time core (HabitFlowCore) for speed: under -Osize
/// the time core ran 10-40 % slower (`Benchmarks/c/zone_bench.c`), the rest no benchmark finds
/// slower (entry.log, log then today, entry.import; the server's CPU a push: 1.31 ms against
/// 1.35). Only there: a package that depends on this one from a repository never sees an unsafe
/// flag (SwiftPM refuses them); the server, by path, is built with it (one engine build for both).
let forSize: [SwiftSetting] =
    Context.environment["HABITFLOW_SHIPPED"] == "1" ? [.unsafeFlags(["-Osize"], .when(configuration: .release))] : []

let package = Package(
    name: "HabitFlowCore",
    // The oldest systems a habit tracker's iPhone, Mac and Watch apps still ship to (issue 30).
    // Nothing here may need a newer one: Synchronization's Mutex and Atomic (macOS 15 / iOS 18)
    // are used only behind `#available` (Core's PublishedSlots and CoreLock, on the standard
    // library alone), other modules lock with pthread mutexes (Locked), and PortabilityTests
    // holds every source to that, as no Apple machine builds here.
    platforms: [.macOS(.v14), .iOS(.v17), .watchOS(.v10), .tvOS(.v17), .visionOS(.v1)],
    products: [
        .library(name: "habitflow", type: .dynamic, targets: ["HabitFlowC"]),
        .library(name: "habitflow-static", type: .static, targets: ["HabitFlowC"]),
        // The engine alone, on the standard library: days, zones, rules, metrics, goals, sync
        // (no SQLite, zlib or json-c; a host brings its own store).
        .library(name: "HabitFlowCore", targets: ["HabitFlowCore"]),
        .library(name: "HabitFlow", targets: ["HabitFlow"]),
        .library(name: "HabitFlowAsync", targets: ["HabitFlowAsync"]),
        // Date, TimeZone and DateComponents to and from the engine's values: the one module
        // that imports Foundation, so hosts that do not want it never link it.
        .library(name: "HabitFlowFoundation", targets: ["HabitFlowFoundation"]),
        .library(name: "HabitFlowProtocol", targets: ["HabitFlowProtocol"]),
        // For other stores (the server's PostgreSQL store) and their tests: the storage
        // protocols, and the store suite every store passes.
        .library(name: "HabitFlowStore", targets: ["HabitFlowStore"]),
        .library(name: "HabitFlowTestSupport", targets: ["HabitFlowTestSupport"]),
        // SwiftPM names products uniquely: the CLI product is habitflow-cli, installed as `habitflow`.
        .executable(name: "habitflow-cli", targets: ["HabitFlowCLI"]),
    ],
    targets: [
        .target(name: "HabitFlowCore"),
        .executableTarget(name: "TZDataPacker", dependencies: ["HabitFlowCore"]),
        .plugin(name: "EmbedTZData", capability: .buildTool(), dependencies: ["TZDataPacker"]),
        .target(name: "HabitFlowTZData", dependencies: ["HabitFlowCore"], plugins: ["EmbedTZData"]),
        .systemLibrary(
            name: "CJSONC",
            pkgConfig: "json-c",
            providers: [.apt(["libjson-c-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // libcurl, opened when the CLI first talks to a server (see Sources/CCurl/include/hfcurl.h):
        // its headers at build time (libcurl4-openssl-dev), libcurl4 when syncing with a server.
        .target(name: "CCurl"),
        .target(name: "HabitFlowStore", dependencies: ["HabitFlowCore"], swiftSettings: forSize),
        .target(name: "HabitFlowSQLite", dependencies: ["HabitFlowStore", "CSQLite"], swiftSettings: forSize),
        // The public header, so the version it sets is the one every Swift face reports.
        .systemLibrary(name: "CHabitFlowHeader"),
        .target(
            name: "HabitFlow",
            dependencies: ["HabitFlowCore", "HabitFlowTZData", "HabitFlowStore", "HabitFlowSQLite", "CZlib", "CHabitFlowHeader"],
            swiftSettings: forSize),
        .target(name: "HabitFlowAsync", dependencies: ["HabitFlow", "HabitFlowStore"]),
        .target(name: "HabitFlowFoundation", dependencies: ["HabitFlow"]),
        .target(name: "HabitFlowCharts", dependencies: ["HabitFlowCore"], swiftSettings: forSize),
        .target(name: "HabitFlowProtocol", dependencies: ["HabitFlow", "HabitFlowCharts", "CJSONC"], swiftSettings: forSize),
        .target(name: "HabitFlowC", dependencies: ["HabitFlowProtocol"]),
        // The CLI's parser, help and completions: the standard library only (swift-argument-parser
        // brought Foundation, 6 MB of the CLI's 18; issue 62).
        .target(name: "HabitFlowCommandLine", swiftSettings: forSize),
        .executableTarget(name: "HabitFlowCLI", dependencies: ["HabitFlow", "HabitFlowProtocol", "HabitFlowCommandLine", "CCurl"]),
        .target(name: "HabitFlowTestSupport", dependencies: ["HabitFlow", "HabitFlowSQLite"], path: "Tests/HabitFlowTestSupport"),
        .testTarget(name: "HabitFlowCoreTests", dependencies: ["HabitFlowCore", "HabitFlowTZData", "HabitFlowTestSupport"]),
        .testTarget(
            name: "HabitFlowEngineTests",
            dependencies: [
                "HabitFlow", "HabitFlowAsync", "HabitFlowStore", "HabitFlowSQLite", "HabitFlowProtocol", "HabitFlowTestSupport",
            ]),
        .testTarget(name: "HabitFlowFoundationTests", dependencies: ["HabitFlowFoundation", "HabitFlowTestSupport"]),
        .testTarget(name: "HabitFlowStoreTests", dependencies: ["HabitFlowStore", "HabitFlowTestSupport"]),
        .testTarget(
            name: "HabitFlowSQLiteTests",
            dependencies: ["HabitFlowSQLite", "HabitFlow", "HabitFlowAsync", "CSQLite", "HabitFlowTestSupport"]),
        .testTarget(name: "HabitFlowProtocolTests", dependencies: ["HabitFlowProtocol", "HabitFlowTestSupport"]),
        .testTarget(
            name: "HabitFlowFacesTests",
            dependencies: ["HabitFlowProtocol", "HabitFlowCommandLine", "HabitFlowTestSupport"]
        ),
    ]
)
