// swift-tools-version:6.1
// A host that takes the engine alone (issue 30): the HabitFlowCore product, by path, with no
// SQLite, zlib or json-c. HostPackageTests builds and runs it.
import PackageDescription

let package = Package(
    name: "CoreOnly",
    platforms: [.macOS(.v14), .iOS(.v17), .watchOS(.v10), .tvOS(.v17), .visionOS(.v1)],
    dependencies: [.package(name: "HabitFlowCore", path: "../../..")],
    targets: [
        .executableTarget(name: "CoreOnly", dependencies: [.product(name: "HabitFlowCore", package: "HabitFlowCore")])
    ]
)
