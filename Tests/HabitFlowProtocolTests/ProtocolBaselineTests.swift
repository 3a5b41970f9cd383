import Foundation
import HabitFlowCore
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

/// Issue 59: the sync format reads every change set of the released one.
/// docs/sync-baseline.txt is that format (written with `HABITFLOW_WRITE_PROTOCOL_BASELINE=1`).
@Suite struct SyncBaselineTests {
    @Test func theRecordKindsKeepEveryFieldOfTheBaseline() throws {
        let current = SyncBaseline.text()
        let baseline = try Repository.generatedFile("docs/sync-baseline.txt", current, writtenWhen: "HABITFLOW_WRITE_PROTOCOL_BASELINE")
        #expect(SyncBaseline.breaks(from: baseline, to: current) == [])
        #expect(baseline.contains("\nkind entry\nfield id key\nfield ownerId key\nfield habitId\n"), "\(baseline.prefix(400))")
        #expect(baseline.contains("\nfield earlierFirstWeekdays added\n"))
    }

    /// Each kind of break is caught — and a new syncVersion licenses none — while each kind
    /// of addition passes.
    @Test func theCheckCatchesEachBreakAndPassesEachAddition() {
        let baseline = SyncBaseline.text()
        func edited(_ old: String, _ new: String) -> String {
            #expect(baseline.contains(old), "\(old)")
            return baseline.replacingOccurrences(of: old, with: new)
        }
        let breaks: [(String, String)] = [
            (SyncBaseline.text(kinds: RecordKind.allCases.filter { $0 != .lens }), "kind lens removed"),
            (
                edited("\nfield habitId\nfield timestampUtc\nfield dayKey\n", "\nfield habitId\nfield timestampUtc\n"),
                "entry: field dayKey removed"
            ),
            (
                edited("\nfield habitId\nfield timestampUtc\n", "\nfield habitId key\nfield timestampUtc\n"),
                "entry: field habitId joined the key"
            ),
            (
                edited("\nfield earlierFirstWeekdays added\n", "\nfield earlierFirstWeekdays\n"),
                "user: field earlierFirstWeekdays no longer optional (older change sets lack it)"
            ),
            (
                edited("\nkind lens\n", "\nkind lens\nfield colour\n"),
                "lens: new field colour is not an added column (older change sets lack it)"
            ),
            (SyncBaseline.text(version: SyncRules.version - 1), "syncVersion went back \(SyncRules.version) → \(SyncRules.version - 1)"),
        ]
        for (current, expected) in breaks {
            #expect(SyncBaseline.breaks(from: baseline, to: current) == [expected])
        }
        // A new syncVersion still reads the old sets: it may not drop a field either.
        let next = SyncBaseline.text(version: SyncRules.version + 1).replacingOccurrences(
            of: "\nfield habitId\nfield timestampUtc\nfield dayKey\n", with: "\nfield habitId\nfield timestampUtc\n")
        #expect(SyncBaseline.breaks(from: baseline, to: next) == ["entry: field dayKey removed"])
        let additions = [
            edited("\nkind lens\n", "\nkind lens\nfield colour added\n"),
            baseline + "kind badge\nfield ownerId key\nfield id key\nfield name\n",
            SyncBaseline.text(version: SyncRules.version + 1),
        ]
        for current in additions { #expect(SyncBaseline.breaks(from: baseline, to: current) == []) }
    }
}
