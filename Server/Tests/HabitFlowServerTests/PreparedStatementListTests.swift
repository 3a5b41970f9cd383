import Foundation
import HabitFlowTestSupport
import Testing

@testable import HabitFlowPostgres

/// Every statement type in `Statements/` is in `PreparedStatements.all`, which a new
/// connection prepares before its first transaction (`Pipeline.send` refuses one missing).
@Suite struct PreparedStatementListTests {
    @Test func everyStatementIsWarmedUp() throws {
        let folder = Repository.path("Server/Sources/HabitFlowPostgres/Statements")
        var declared = Set<String>()
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("struct ") && line.contains(": PreparedStatement {") {
                declared.insert("hf_" + line.dropFirst(7).prefix { $0 != ":" })
            }
        }
        #expect(declared.count >= 20, "\(declared)")
        #expect(declared == PreparedStatements.names)
    }
}
