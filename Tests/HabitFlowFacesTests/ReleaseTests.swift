import Foundation
import HabitFlow
import HabitFlowTestSupport
import Testing

/// Issue 59: one version, set in one place (`include/habitflow.h`), read by every face; and
/// the release script's checks.
@Suite struct ReleaseTests {
    /// The header's version, as a host's compiler reads it.
    static func headerVersion() throws -> (string: String, number: Int) {
        let header = try String(contentsOfFile: Repository.path("include/habitflow.h"), encoding: .utf8)
        func define(_ name: String) -> String? {
            header.split(separator: "\n").first { $0.hasPrefix("#define \(name) ") }.map {
                String($0.dropFirst("#define \(name) ".count)).trimmingCharacters(in: .whitespaces)
            }
        }
        let string = try #require(define("HF_VERSION")).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        let number = try #require(define("HF_VERSION_NUMBER"))
        return (string, try #require(Int(number)))
    }

    @Test func theVersionIsSetInTheHeaderAloneAndEveryFaceReadsIt() throws {
        let (string, number) = try Self.headerVersion()
        let parts = string.split(separator: ".").compactMap { Int($0) }
        #expect(parts.count == 3 && number == parts[0] * 1_000_000 + parts[1] * 1_000 + parts[2], "\(string) and \(number)")
        #expect(HabitFlowVersion.string == string && Int(HabitFlowVersion.number) == number)
        #expect(String(cString: HabitFlowVersion.cString) == string)
        let changelog = try String(contentsOfFile: Repository.path("CHANGELOG.md"), encoding: .utf8)
        #expect(changelog.contains("\n## [\(string)]"), "CHANGELOG.md has a section for \(string)")
        // No other source, script or package file writes the version down (documents may
        // quote it: README's examples are checked against the CLI).
        var holders: [String] = []
        for folder in ["Sources", "Server/Sources", "bindings/python", "scripts", "Examples", "Plugins"] {
            let root = Repository.path(folder)
            guard let files = FileManager.default.enumerator(atPath: root) else { continue }
            for case let file as String in files where !file.contains("/tests/") && !file.hasSuffix(".md") {
                guard let text = try? String(contentsOfFile: root + "/" + file, encoding: .utf8) else { continue }
                if text.contains("\"\(string)\"") || text.contains("'\(string)'") || text.contains("= \(string)") {
                    holders.append(folder + "/" + file)
                }
            }
        }
        for file in ["Package.swift", "Server/Package.swift", "bindings/python/pyproject.toml"] {
            if try String(contentsOfFile: Repository.path(file), encoding: .utf8).contains(string) { holders.append(file) }
        }
        #expect(holders == [], "the version written outside include/habitflow.h")
    }

    /// scripts/release refuses, before building anything, a version the header does not set,
    /// and a version whose CHANGELOG.md section is missing or still unreleased.
    @Test func theReleaseScriptChecksTheVersionAndTheChangelogFirst() throws {
        let (version, _) = try Self.headerVersion()
        let other = try run(Repository.path("scripts/release"), ["9.8.7", Repository.temporaryDirectory("release").path])
        #expect(other.status == 1, "\(other.stderr)")
        #expect(other.stderr.contains("include/habitflow.h sets HF_VERSION \"\(version)\", not 9.8.7"), "\(other.stderr)")
        let changelog = try String(contentsOfFile: Repository.path("CHANGELOG.md"), encoding: .utf8)
        let section = try #require(changelog.split(separator: "\n").first { $0.hasPrefix("## [\(version)]") })
        if section.contains("Unreleased") {
            let draft = try run(Repository.path("scripts/release"), [version, Repository.temporaryDirectory("release").path])
            #expect(draft.status == 1 && draft.stderr.contains("still \"Unreleased\""), "\(draft.stderr)")
        }
        // The sections name versions the header set in turn: newest first, each once.
        let versions = changelog.split(separator: "\n").filter { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
        #expect(Set(versions).count == versions.count && versions.first?.hasPrefix("## [\(version)]") == true, "\(versions)")
    }
}
