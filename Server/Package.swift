// swift-tools-version:6.1
// habitflow-server: the sync service. Its own package so that hosts embedding the engine
// never build a web stack. Dependencies point one way:
//   HabitFlowStore (the engine's storage protocols)  <-  HabitFlowPostgres (the PostgreSQL store)
//   HabitFlow + HabitFlowProtocol (the engine, its change codec)  <-  HabitFlowServer (HTTP routes)
//   HabitFlowServer  <-  HabitFlowServerCLI (`habitflow-server serve|token`)
import PackageDescription

let package = Package(
    name: "HabitFlowServer",
    // macOS 26: the database layer starts tasks with Task.immediate (the server ships for Linux).
    platforms: [.macOS("26.0")],
    products: [
        .executable(name: "habitflow-server", targets: ["HabitFlowServerCLI"])
    ],
    dependencies: [
        .package(name: "HabitFlowCore", path: ".."),
        // Its default traits but ConfigurationSupport (no ConfigReader here). With two, SwiftPM
        // writes their -D flags in either order from one plan to the next, and each new order
        // compiled Hummingbird again: minutes of a test run, whenever the release folder
        // switched from the engine's build to the server's.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0", traits: ["FullFoundation"]),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.21.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
    ],
    targets: [
        .target(
            name: "HabitFlowPostgres",
            dependencies: [
                .product(name: "HabitFlowStore", package: "HabitFlowCore"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "HabitFlowServer",
            dependencies: [
                "HabitFlowPostgres",
                .product(name: "HabitFlow", package: "HabitFlowCore"),
                .product(name: "HabitFlowProtocol", package: "HabitFlowCore"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "HabitFlowServerCLI",
            dependencies: [
                "HabitFlowServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "HabitFlowServerTests",
            dependencies: [
                "HabitFlowServer",
                .product(name: "HabitFlowTestSupport", package: "HabitFlowCore"),
                .product(name: "HabitFlowProtocol", package: "HabitFlowCore"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ]
)
