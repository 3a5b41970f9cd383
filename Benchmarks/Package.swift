// swift-tools-version:6.1
// HabitFlow Core benchmarks (ordo-one/benchmark), kept out of the root package so that
// `swift build` / `swift test` there never fetch or build the benchmark machinery.
//
// Run them with scripts/bench (builds, runs, adds Python zoneinfo, prints one table), or by hand:
//   cd Benchmarks && swift package --allow-writing-to-package-directory benchmark
//
// Only the MallocInterposer trait is enabled: the benchmark package's default traits also
// turn on its RuntimeInterposer (ARC counting on Linux Swift 6.3), which hangs there, so the
// benchmarks stick to wall-clock, CPU and malloc metrics.
import PackageDescription

let package = Package(
    name: "HabitFlowBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "HabitFlowCore", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "TimeCore",
            dependencies: [
                .product(name: "HabitFlowTestSupport", package: "HabitFlowCore"),
                .product(name: "HabitFlow", package: "HabitFlowCore"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/TimeCore",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        // Store throughput (bulk import, CLI batch, C ABI round trip) beside raw SQLite: a plain
        // executable, since its runs take seconds, not nanoseconds. Run with scripts/bench-store.
        .systemLibrary(name: "CSQLiteRaw", path: "CSQLiteRaw"),
        .executableTarget(
            name: "StoreBench",
            dependencies: [
                "CSQLiteRaw",
                .product(name: "HabitFlow", package: "HabitFlowCore"),
                .product(name: "HabitFlowProtocol", package: "HabitFlowCore"),
                .product(name: "habitflow-static", package: "HabitFlowCore"),
            ],
            path: "StoreBench"
        ),
        // Derived metrics of 100 habits × 10 years (full and today) beside a SQLite
        // gaps-and-islands query and a plain Python peer, cross-checked. Run with scripts/bench-metrics.
        .executableTarget(
            name: "MetricsBench",
            dependencies: [
                .product(name: "HabitFlowTestSupport", package: "HabitFlowCore"),
                "CSQLiteRaw",
                .product(name: "HabitFlow", package: "HabitFlowCore"),
                .product(name: "HabitFlowProtocol", package: "HabitFlowCore"),
                .product(name: "habitflow-static", package: "HabitFlowCore"),
            ],
            path: "MetricsBench"
        ),
    ]
)
