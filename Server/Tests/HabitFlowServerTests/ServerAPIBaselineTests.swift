import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

@testable import HabitFlowServer

/// Issue 59: the HTTP API keeps its promises between versions. docs/server-api-baseline.txt
/// is the API as released (written anew only with `HABITFLOW_WRITE_PROTOCOL_BASELINE=1`, at a
/// release or a new `/vN`); `ServerAPI`'s table may add to it, never take from it, and
/// `ServerDocumentTests` holds every real answer to the table.
@Suite struct ServerAPIBaselineTests {
    @Test func theRouteTableKeepsEveryPromiseOfTheBaseline() throws {
        let current = ServerAPI.baseline
        let baseline = try Repository.generatedFile(
            "docs/server-api-baseline.txt", current, writtenWhen: "HABITFLOW_WRITE_PROTOCOL_BASELINE")
        #expect(ProtocolBaseline.breaks(from: baseline, to: current) == [])
        #expect(baseline.contains("\nop GET /v1/changes\narg since integer optional\n"), "\(baseline)")
        #expect(baseline.contains("\nerror forbidden/authorization 401\n") && baseline.contains("\nerror storage/database 503\n"))
    }

    /// A route, a parameter, an answer's member removed or retyped, a status changed: each fails.
    @Test func theCheckCatchesEachBreak() {
        let baseline = ServerAPI.baseline
        func edited(_ old: String, _ new: String) -> String {
            #expect(baseline.contains(old), "\(old)")
            return baseline.replacingOccurrences(of: old, with: new)
        }
        let breaks: [(String, String)] = [
            (edited("op GET /v1/watch\n", "op GET /v1/wait\n"), "operation GET /v1/watch removed"),
            (edited("op GET /v1/changes\narg since integer optional\n", "op GET /v1/changes\n"), "GET /v1/changes: argument since removed"),
            (
                edited("arg changes array required\n", "arg changes object required\n"),
                "POST /v1/changes: argument changes retyped array → object"
            ),
            (edited("result schema integer\n", ""), "GET /v1/health: result field schema removed"),
            (edited("error storage/database 503\n", "error storage/database 500\n"), "error code storage/database renumbered 503 → 500"),
        ]
        for (current, expected) in breaks { #expect(ProtocolBaseline.breaks(from: baseline, to: current) == [expected]) }
        #expect(ProtocolBaseline.breaks(from: baseline, to: baseline + "op GET /v1/status\nresult ok boolean\n") == [])
    }
}
