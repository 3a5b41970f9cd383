import Foundation
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// docs/PROTOCOL.md is generated from the dispatcher's operation list; this keeps them equal.
@Suite struct ProtocolDocumentTests {
    @Test func protocolDocumentMatchesTheDispatcher() throws {
        let generated = ProtocolDocument.markdown()
        let onDisk = try Repository.generatedFile("docs/PROTOCOL.md", generated, writtenWhen: "HABITFLOW_WRITE_PROTOCOL_DOC")
        #expect(
            onDisk == generated,
            "docs/PROTOCOL.md is stale: HABITFLOW_WRITE_PROTOCOL_DOC=1 swift test --disable-xctest --filter ProtocolDocumentTests")
        for op in Dispatcher.operations { #expect(onDisk.contains("### `\(op.name)`")) }
    }

    @Test func headerErrorTableMatchesTheErrorCodes() throws {
        let header = try String(contentsOfFile: Repository.path("include/habitflow.h"), encoding: .utf8)
        var defined: [String: Int32] = [:]
        for line in header.split(separator: "\n") where line.hasPrefix("#define HF_E") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            defined[String(parts[1])] = Int32(parts[2])
        }
        #expect(defined.count == ErrorCode.allCases.count)
        for code in ErrorCode.allCases {
            #expect(defined[code.cName] == code.number, "\(code.cName)")
            #expect(header.contains("\"\(code.rawValue)\""), "\(code.rawValue) is named in the header")
        }
        #expect(Set(ErrorCode.allCases.map(\.number)).count == ErrorCode.allCases.count)
    }
}
