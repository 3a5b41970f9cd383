// Packs the build machine's tz database into the HabitFlowTZData target at build time
// (TZDataPacker), so the library answers every zone on hosts that have none.
import Foundation
import PackagePlugin

@main struct EmbedTZData: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let packer = try context.tool(named: "TZDataPacker")
        let environment = ProcessInfo.processInfo.environment
        let root = environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
        // HABITFLOW_TZDATA_EMBED=none builds a library with no embedded zones (the smallest
        // one, for hosts that always name their own tz data; scripts/bench-zone measures it).
        let none = environment["HABITFLOW_TZDATA_EMBED"] == "none"
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTZPack.swift")
        // A new tz release rewrites these files, so the pack is made again with it.
        let stamps = ["tzdata.zi", "+VERSION"].map { URL(fileURLWithPath: root).appending(path: $0) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        return [
            .buildCommand(
                displayName: none ? "Embedding no tz database" : "Packing the tz database of \(root)", executable: packer.url,
                arguments: (none ? ["--none"] : []) + [root, output.path], inputFiles: stamps, outputFiles: [output])
        ]
    }
}
