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
        // The replica's, the settings' and the tokens' (a record kind's rows go through
        // `ServerTable`'s statements instead).
        #expect(declared.count >= 10, "\(declared)")
        // Besides them, the typed tables' statements of the kinds prepared (`TypedStatements`).
        #expect(declared == PreparedStatements.names.filter { !$0.hasPrefix("hf_TypedStatement<") })
        #expect(PreparedStatements.names.count == declared.count + TypedStatements.all.count)
    }
}
