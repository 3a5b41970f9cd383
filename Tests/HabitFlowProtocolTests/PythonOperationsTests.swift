import Foundation
import HabitFlowTestSupport
import Testing

@testable import HabitFlowProtocol

/// bindings/python/habitflow/_operations.py is generated from the dispatcher's operation list
/// (issue 29: the Python face typed from the table that writes PROTOCOL.md); this keeps them equal.
@Suite struct PythonOperationsTests {
    @Test func pythonOperationsMatchTheDispatcher() throws {
        let generated = PythonOperations.source()
        let onDisk = try Repository.generatedFile(
            "bindings/python/habitflow/_operations.py", generated, writtenWhen: "HABITFLOW_WRITE_PYTHON_OPS")
        #expect(
            onDisk == generated,
            "_operations.py is stale: HABITFLOW_WRITE_PYTHON_OPS=1 swift test --disable-xctest --filter PythonOperationsTests")
        // Every method name once: an alias never hides an operation's method.
        let names = onDisk.split(separator: "\n").filter { $0.hasPrefix("    def ") }.map { $0.split(separator: "(")[0] }
        #expect(Set(names).count == names.count, "\(names.count - Set(names).count) names defined twice")
        for op in Dispatcher.operations {
            #expect(onDisk.contains("    def \(op.name.replacingOccurrences(of: ".", with: "_").snakeCased)(self"), "\(op.name)")
        }
    }

    /// A docstring's text keeps backslashes and triple quotes from ending it, as
    /// `replacing(_:with:)` twice did (that is `_StringProcessing`'s: 1.2 MB of the library).
    @Test func docstringTextIsEscapedAsReplacingDid() {
        for text in ["", "plain", #"a\b"#, #"""""#, #""""""#, #"""""""#, #"x"""y""z"#, #"\"""\"#, "é\"\"\"ü"] {
            let expected = text.replacingOccurrences(of: #"\"#, with: #"\\"#).replacingOccurrences(of: #"""""#, with: #"\"\"\""#)
            #expect(PythonOperations.escape(text) == expected, "\(text)")
        }
    }
}

extension String {
    fileprivate var snakeCased: String {
        unicodeScalars.reduce(into: "") { out, c in
            if CharacterSet.uppercaseLetters.contains(c) { out += "_" + String(c).lowercased() } else { out.unicodeScalars.append(c) }
        }
    }
}
