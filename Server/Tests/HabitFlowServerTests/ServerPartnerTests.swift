import Foundation
import HabitFlowTestSupport
import Testing

/// Two people, each with their own device, partner by consent through the server (issue 18):
/// an invitation travels, an acceptance travels back, a shared goal reaches the partner's
/// watching device within 5 s, its progress counts both partners' linked entries alike on
/// both sides, nothing else of either person crosses over, a decline shares nothing, and
/// after unlink the goal is its creator's alone.
@Suite(.serialized) struct ServerPartnerTests {
    static func progress(_ device: Device, _ goal: String) throws -> Double? {
        let shown = try JSONSerialization.jsonObject(with: Data(try device.cli(["goal", "show", goal, "--json"]).utf8)) as? [String: Any]
        return ((shown?["progress"] as? [String: Any])?["value"] as? NSNumber)?.doubleValue
    }

    @Test func partnersByConsentThroughTheServer() throws {
        let database = try TestDatabase.fresh("partners")
        // Two server processes on one database: Bob's device talks to one, Alice's and Carol's
        // to the other, so what one partner shares reaches the other through both processes
        // (and each process's view of who shares with whom follows changes made in the other).
        let server = try ServerProcess(database: database), other = try ServerProcess(database: database)
        let tokens = try ["alice", "bob", "carol"].reduce(into: [String: String]()) { $0[$1] = try makeToken(database, user: $1) }
        let alice = Device("p-alice", user: "alice"), bob = Device("p-bob", user: "bob"), carol = Device("p-carol", user: "carol")
        func sync(_ d: Device) throws { try d.sync(d.user == "bob" ? server.url : other.url, token: tokens[d.user]!) }

        try alice.cli(["habit", "add", "Walk", "--id", "a-walk"])
        try bob.cli(["habit", "add", "Stroll", "--id", "b-walk"])
        try bob.cli(["habit", "add", "Secret", "--id", "b-secret"])
        try bob.cli(["log", "Secret"])
        try alice.cli(["partner", "invite", "bob"])
        try sync(alice)
        try sync(bob)
        #expect(try bob.cli(["partner"]).contains("Invitations from: alice"))
        try alice.cli(["goal", "add", "Walk together", "--weekly", "3", "--shared", "--id", "walk"], expectFailure: true)  // not yet
        try bob.cli(["partner", "accept", "alice"])
        try sync(bob)
        try sync(alice)
        #expect(try alice.cli(["partner"]).contains("Partnered with bob"))

        // Bob's device watches; Alice shares a goal; Bob has it within 5 s.
        let watch = Process()
        watch.executableURL = URL(fileURLWithPath: Repository.cli)
        watch.arguments = [
            "sync", "watch", server.url, "--token", tokens["bob"]!, "--interval", "30", "--rounds", "1",
            "--db", bob.path, "--user", "bob", "--zone", bob.zone,
        ]
        watch.standardOutput = FileHandle.nullDevice
        try launch(watch)
        try waitUntil("bob's watch request reaches the server", seconds: 30) { server.logText.contains("/v1/watch") }
        try alice.cli(["goal", "add", "Walk together", "--weekly", "3", "--shared", "--habits", "Walk", "--id", "walk"])
        try sync(alice)
        let shared = Date()
        do { try waitUntil("bob's device has the shared goal", seconds: 10) { !watch.isRunning } } catch {
            print(server.logText.split(separator: "\n").filter { $0.contains("warning") || $0.contains("error") }.joined(separator: "\n"))
            throw error
        }
        #expect(Date().timeIntervalSince(shared) < 5, "the shared goal took \(Date().timeIntervalSince(shared)) s")
        #expect(try bob.cli(["goal", "list"]).contains("Walk together"))

        // Either partner links their own habit; progress counts both, the same on both sides.
        try bob.cli(["goal", "link", "walk", "Stroll"])
        try bob.cli(["log", "Stroll"])
        try alice.cli(["log", "Walk"])
        for d in [bob, alice, bob] { try sync(d) }
        let onAlice = try Self.progress(alice, "walk"), onBob = try Self.progress(bob, "walk")
        #expect(onAlice == 2 && onBob == 2, "alice \(String(describing: onAlice)), bob \(String(describing: onBob))")
        #expect(!(try alice.cli(["sync", "export"]).contains("b-secret")), "nothing else of Bob's reaches Alice")
        #expect(!(try alice.cli(["habit", "list"]).contains("Stroll")), "a partner's habit is not Alice's habit")

        // Carol invites Bob, who declines: nothing is shared, and Carol learns the answer.
        try carol.cli(["partner", "invite", "bob"])
        try sync(carol)
        try sync(bob)
        try bob.cli(["partner", "decline", "carol"], expectFailure: true)  // Bob has a partner: unlink first
        #expect(try bob.cli(["partner"]).contains("Invitations from: carol"))

        // Unlink: the goal is Alice's alone on both sides.
        try bob.cli(["partner", "unlink"])
        for d in [bob, alice, bob] { try sync(d) }
        #expect(try Self.progress(alice, "walk") == 1)
        #expect(!(try bob.cli(["goal", "list"]).contains("Walk together")))
        try bob.cli(["partner", "decline", "carol"])
        for d in [bob, carol] { try sync(d) }
        #expect(try carol.cli(["partner"]).contains("bob declined"))
        #expect(!(try carol.cli(["sync", "export"]).contains("b-walk")))
    }
}
