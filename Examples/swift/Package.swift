// swift-tools-version:6.1
// An app-shaped host of the engine's Swift face: a habit tracker's model layer in one file
// (Sources/HabitTracker/HabitTracker.swift). It depends on this repository by path; in an app
// of your own, depend on the repository's URL instead. HostPackageTests builds and runs it.
import PackageDescription

let package = Package(
    name: "HabitTracker",
    platforms: [.macOS(.v14), .iOS(.v17), .watchOS(.v10), .tvOS(.v17), .visionOS(.v1)],
    dependencies: [.package(name: "HabitFlowCore", path: "../..")],
    targets: [
        .executableTarget(
            name: "HabitTracker",
            dependencies: [
                .product(name: "HabitFlow", package: "HabitFlowCore"),
                .product(name: "HabitFlowAsync", package: "HabitFlowCore"),
                .product(name: "HabitFlowFoundation", package: "HabitFlowCore"),
            ]
        )
    ]
)
