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

    /// Standard-library APIs newer than the package's platforms (Package.swift: macOS 14, iOS 17,
    /// watchOS 10): the Swift 6 ones a source here might reach for, each marked
    /// `@available(macOS 15…)` or later in the standard library's interface.
    static let newerThanThePlatforms = [
        "Atomic<", "Atomic(", "Mutex<", "Mutex(", "WordPair", "Int128", "UInt128", "Span<", "RawSpan", "MutableSpan",
        "InlineArray", "UTF8Span", "String(validating:", ".utf8Span", "Task.immediate",
    ]
    /// The one gate that admits them: what Synchronization's types need.
    static let gate = "#available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)"

    /// No Apple machine builds here (issue 30), so this holds the sources to the platforms
    /// Package.swift declares: an API newer than them is used only inside an `if` of the gate.
    @Test func noSourceUsesAnAPINewerThanThePlatformsOutsideTheGate() throws {
        let package = try String(contentsOfFile: Repository.path("Package.swift"), encoding: .utf8)
        #expect(package.contains("platforms: [.macOS(.v14), .iOS(.v17), .watchOS(.v10), .tvOS(.v17), .visionOS(.v1)]"))
        let root = URL(fileURLWithPath: Repository.path("Sources"))
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        var gatedUses = 0
        for file in files {
            var depth = 0
            var gates: [Int] = []  // the brace depths at which gated blocks opened
            for (n, raw) in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                .enumerated()
            {
                let line = raw.trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("//") || line.hasPrefix("///") { continue }
                let code = Array(line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                // Character by character: `} else {` leaves the gate, `if … { x }` opens and closes it.
                var pendingGate = false
                for i in code.indices {
                    let rest = String(code[i...])
                    if rest.hasPrefix("if " + Self.gate) { pendingGate = true }
                    for api in Self.newerThanThePlatforms where rest.hasPrefix(api) {
                        #expect(!gates.isEmpty, "\(file.lastPathComponent):\(n + 1): \(api) outside `if \(Self.gate)`")
                        if !gates.isEmpty { gatedUses += 1 }
                    }
                    if code[i] == "{" {
                        if pendingGate { gates.append(depth) }
                        pendingGate = false
                        depth += 1
                    } else if code[i] == "}" {
                        depth -= 1
                        while let last = gates.last, depth <= last { gates.removeLast() }
                    }
                }
            }
        }
        #expect(gatedUses >= 4, "the table of zones uses atomics behind the gate: \(gatedUses)")
    }
}
