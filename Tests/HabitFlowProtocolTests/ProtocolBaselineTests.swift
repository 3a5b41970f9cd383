import Foundation
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// Issue 59: the JSON protocol keeps its promises between versions. docs/protocol-baseline.txt
/// is the protocol as released (written anew only with `HABITFLOW_WRITE_PROTOCOL_BASELINE=1`,
/// at a release or a new protocol version); the operation table may add to it, never take
/// from it.
@Suite struct ProtocolBaselineTests {
    @Test func theOperationTableKeepsEveryPromiseOfTheBaseline() throws {
        let current = ProtocolBaseline.text()
        let baseline = try Repository.generatedFile(
            "docs/protocol-baseline.txt", current, writtenWhen: "HABITFLOW_WRITE_PROTOCOL_BASELINE")
        #expect(baseline.hasPrefix(current.prefix(while: { $0 != "\n" }) + "\n"), "a new protocol version: write its baseline")
        #expect(ProtocolBaseline.breaks(from: baseline, to: current) == [])
        #expect(baseline.contains("\nop data.import\n") && baseline.contains("\nerror invalid_json 1\n"))
    }

    /// Each kind of break is caught, and each kind of addition passes.
    @Test func theCheckCatchesEachBreakAndPassesEachAddition() throws {
        let ops = Dispatcher.operations
        let baseline = ProtocolBaseline.text(ops)
        func changed(_ name: String, _ change: (inout HabitFlowProtocol.Operation) -> Void) -> String {
            ProtocolBaseline.text(
                ops.map { op in
                    var op = op
                    if op.name == name { change(&op) }
                    return op
                })
        }
        let breaks: [(String, String)] = [
            (ProtocolBaseline.text(ops.filter { $0.name != "habit.create" }), "operation habit.create removed"),
            (changed("data.import") { $0.arguments.removeAll { $0.name == "path" } }, "data.import: argument path removed"),
            (changed("data.import") { $0.arguments[1].type = "object" }, "data.import: argument path retyped string → object"),
            (changed("data.import") { $0.arguments[1].required = true }, "data.import: argument path made required"),
            (
                changed("data.import") {
                    $0.arguments.append(HabitFlowProtocol.Operation.Field("mode", "string", "A new required argument."))
                },
                "data.import: new argument mode is required (old requests lack it)"
            ),
            (changed("data.import") { $0.result[0].name = "total" }, "data.import: result field records removed"),
            (changed("data.import") { $0.result[0].type = "string" }, "data.import: result field records retyped integer → string"),
        ]
        for (current, expected) in breaks {
            #expect(ProtocolBaseline.breaks(from: baseline, to: current) == [expected])
        }
        let renumbered = baseline.replacingOccurrences(of: "error invalid_json 1\n", with: "error invalid_json 14\n")
        #expect(ProtocolBaseline.breaks(from: baseline, to: renumbered) == ["error code invalid_json renumbered 1 → 14"])
        let additions = [
            changed("data.import") {
                $0.arguments.append(HabitFlowProtocol.Operation.Field("mode", "string", required: false, "A new optional argument."))
            },
            changed("data.import") { $0.result.append(HabitFlowProtocol.Operation.Field("seconds", "number", "A new result field.")) },
            baseline + "op zone.compare\narg zone string required\nresult same boolean\n",  // a new operation
            baseline + "error rate_limited 13\n",
        ]
        for current in additions { #expect(ProtocolBaseline.breaks(from: baseline, to: current) == []) }
        // A new protocol version may break anything: its baseline is written anew.
        let next = ProtocolBaseline.text(ops.filter { $0.name != "habit.create" }, protocolVersion: 2)
        #expect(ProtocolBaseline.breaks(from: baseline, to: next) == [])
    }
}
