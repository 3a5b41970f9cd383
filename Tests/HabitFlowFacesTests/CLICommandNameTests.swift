import Foundation
import HabitFlowTestSupport
import Testing

/// Every CLI command names itself. swift-argument-parser builds the whole command tree on
/// every call, and a command without `commandName` has its name derived from its type with
/// `String(describing:)`, which in the static binary scans every protocol conformance: the 55
/// commands that relied on it took half of the instructions of a `habitflow habit list`.
@Suite struct CLICommandNameTests {
    @Test func everyCommandConfigurationNamesItsCommand() throws {
        let folder = Repository.path("Sources/HabitFlowCLI")
        var configurations = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            var rest = Substring(text)
            while let start = rest.range(of: "CommandConfiguration(") {
                // The call's arguments: up to its closing parenthesis.
                var depth = 1
                var end = start.upperBound
                while depth > 0, end < rest.endIndex {
                    if rest[end] == "(" { depth += 1 } else if rest[end] == ")" { depth -= 1 }
                    end = rest.index(after: end)
                }
                let call = rest[start.lowerBound..<end]
                configurations += 1
                #expect(call.contains("commandName:"), "\(file): \(call.prefix(80))… gives no commandName")
                rest = rest[end...]
            }
        }
        #expect(configurations > 80, "found \(configurations) command configurations: has the CLI moved?")
    }
}
