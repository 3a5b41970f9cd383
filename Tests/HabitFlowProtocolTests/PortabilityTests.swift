import Foundation
import HabitFlowTestSupport
import Testing

/// The package builds wherever Swift hosts live (Linux with glibc or musl, Apple platforms):
/// every libc module is imported behind its `canImport` guard, and no call names one module.
@Suite struct PortabilityTests {
    static let libcModules = ["Glibc", "Musl", "Darwin"]

    @Test func everyLibcImportIsGuardedAndNoCallNamesAModule() throws {
        let root = URL(fileURLWithPath: Repository.path("Sources"))
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 50)
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            var guarded: [String] = []  // the canImport conditions in force
            for (n, raw) in lines.enumerated() {
                let line = raw.trimmingCharacters(in: .whitespaces)
                let place = "\(file.lastPathComponent):\(n + 1)"
                if line.hasPrefix("#if canImport(") || line.hasPrefix("#elseif canImport(") {
                    if line.hasPrefix("#elseif") { _ = guarded.popLast() }
                    guarded.append(String(line.split(separator: "(")[1].dropLast()))
                } else if line.hasPrefix("#endif") {
                    _ = guarded.popLast()
                }
                for module in Self.libcModules {
                    if line == "import \(module)" {
                        #expect(guarded.last == module, "\(place): import \(module) outside #if canImport(\(module))")
                    }
                    #expect(!line.contains("\(module).") || line.hasPrefix("//"), "\(place): a call names \(module)")
                }
            }
        }
    }
}
