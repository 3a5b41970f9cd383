@_spi(Faces) import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// Every operation of the protocol, every declared argument, hostile values: a stable error
/// code and message, never a crash — and a refused request changes nothing.
@Suite struct HostileInputTests {
    static let hostile: [String] = [
        "null", "-1", "1e308", "[[[[[[[[]]]]]]]]", "{}", #""""#, #""../../etc/passwd""#, #""a\u0000b""#,
        #""2025-02-30""#, "\"" + String(repeating: "x", count: 70_000) + "\"",
    ]

    @Test func everyArgumentOfEveryOperation() throws {
        let store = TestStore("hostile")
        let engine = try store.engine(now: "2025-03-12T11:00:00Z")
        let d = Dispatcher(engine: engine)
        // Some records for the operations to refer to.
        for request in [
            #"{"op":"habit.create","args":{"habitId":"h","name":"H","kind":"numeric","unit":"km"}}"#,
            #"{"op":"entry.log","args":{"habitId":"h","entryId":"e","value":3}}"#,
            #"{"op":"goal.create","args":{"goalId":"g","title":"G","type":"targetAmount","target":5,"habitIds":["h"]}}"#,
            #"{"op":"routine.create","args":{"routineId":"r","name":"R","habitIds":["h"]}}"#,
        ] {
            #expect(d.respond(to: request).1 == nil, "\(request)")
        }
        let stable = Set(ErrorCode.allCases)
        var calls = 0, refused = 0
        var state = try engine.canonicalDump()  // what the store holds: changes only on success
        for op in Dispatcher.operations {
            for field in op.arguments {
                for hostile in Self.hostile {
                    let value = op.name == "data.backup" && field.name == "path" ? Self.underStore(hostile, store) : hostile
                    let (text, code) = d.respond(to: #"{"op":"\#(op.name)","args":{"\#(field.name)":\#(value)}}"#)
                    calls += 1
                    let response = try JSONCodec.parse(text)
                    if let code {
                        refused += 1
                        #expect(stable.contains(code))
                        #expect(response["error"]?["message"] != nil, "\(op.name) \(field.name)")
                        #expect(try engine.canonicalDump() == state, "\(op.name) \(field.name)=\(value.prefix(40)) refused but wrote")
                    } else {
                        #expect(response["ok"] == .bool(true))
                        state = try engine.canonicalDump()
                    }
                }
            }
        }
        #expect(calls > 1000 && refused > calls * 3 / 4)
        #expect(try store.dump().contains("INSERT INTO entries"))  // the file is still whole and readable
    }

    /// A backup path the test may write: a relative one is taken beside the store, never in the
    /// directory the tests run in (a backup to "2025-02-30" succeeds, and would litter the clone).
    static func underStore(_ value: String, _ store: TestStore) -> String {
        guard value.hasPrefix("\""), !value.hasPrefix("\"/") else { return value }
        let directory = String(store.path[..<store.path.lastIndex(of: "/")!])
        return "\"" + directory + "/" + value.dropFirst()
    }
}
