import Foundation
import HabitFlowTestSupport
import Testing

/// `scripts/bench-server` refuses a many-users round it cannot run before it builds, starts
/// or copies anything: one too large for the disk would otherwise fail minutes into its copy.
@Suite struct BenchServerScriptTests {
    func bench(_ environment: [String: String]) throws -> ProcessResult {
        // MANY_USERS set: a host's MANY_USERS=0 would skip the check and run the benchmark.
        try run(
            "bash", [Repository.path("scripts/bench-server")], environment: environment.merging(["MANY_USERS": "1"]) { $1 },
            timeout: 60)
    }

    @Test func aRoundLargerThanTheDiskIsRefused() throws {
        // 10^9 users: no disk of a test machine holds their 2.7 TB a day of history.
        let result = try bench(["USERS": "1000000000", "DAYS": "1"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("1000000000 users with 1 days of history need about"))
        #expect(result.stderr.contains("GB free"))
    }

    @Test func usersAndDaysMustBeWholeNumbers() throws {
        for (users, days) in [("abc", "30"), ("100", "0"), ("-5", "30"), ("100", "1e3")] {
            let result = try bench(["USERS": users, "DAYS": days])
            #expect(result.status == 64, "USERS=\(users) DAYS=\(days)")
            #expect(result.stderr.contains("USERS and DAYS are whole numbers above 0"))
        }
    }
}
