import Foundation
import HabitFlowTestSupport
import Testing

/// Issue 28: slow clients stop nobody. A server with a small connection cap and short
/// timeouts meets clients that send a request's head a byte at a time and a body that
/// declares 100 MB and sends 13 bytes: the server closes them on time, and a client that
/// behaves is answered meanwhile.
@Suite struct ServerLimitsTests {
    /// Opens `slow` connections that trickle a head, and one push whose body stalls; prints
    /// one JSON line: how many slow connections the server closed, and the seconds the stalled
    /// body's connection stayed open.
    static let attack = #"""
        import json, socket, sys, threading, time
        host, port, slow, token, ready = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
        closed, started = [], threading.Semaphore(0)
        def trickle():
            s = socket.create_connection((host, port))
            s.settimeout(0.5)
            s.sendall(b"GET /v1/health HTTP/1.1\r\nHost: x\r\n")
            started.release()
            for _ in range(60):  # 30 s at most
                try:
                    s.sendall(b"X")
                    if s.recv(1) == b"":
                        closed.append(1); return
                except socket.timeout:
                    pass
                except OSError:
                    closed.append(1); return
            s.close()
        threads = [threading.Thread(target=trickle) for _ in range(slow)]
        for t in threads: t.start()
        for _ in threads: started.acquire()
        open(ready, "w").close()  # every slow head is under way
        s = socket.create_connection((host, port))
        s.sendall(("POST /v1/changes HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + token +
                   "\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n{\"changes\":[").encode())
        started = time.monotonic()
        s.settimeout(30)
        try:
            while s.recv(4096):
                pass
        except OSError:
            pass
        stalled = time.monotonic() - started
        for t in threads: t.join()
        print(json.dumps({"closed": len(closed), "stalledSeconds": round(stalled, 2)}))
        """#

    @Test func slowClientsAreClosedAndOthersAnswered() throws {
        let database = try TestDatabase.fresh("limits")
        let token = try makeToken(database, user: "ann")
        let server = try ServerProcess(
            database: database, extra: ["--max-connections", "40", "--idle-timeout", "2", "--body-timeout", "2"])
        let port = String(server.port)
        let attacker = DispatchQueue(label: "attacker")
        let outcome = NSLock()
        nonisolated(unsafe) var report: ProcessResult?
        let ready = Repository.temporaryDirectory("limits").appendingPathComponent("ready").path
        attacker.async {
            let result = try? run("python3", ["-c", Self.attack, "127.0.0.1", port, "100", token, ready], timeout: 120)
            outcome.withLock { report = result }
        }
        // A client that behaves is answered while the slow ones hold (or wait for) every slot.
        try waitUntil("the slow clients connect", seconds: 30) { FileManager.default.fileExists(atPath: ready) }
        let started = Date()
        let health = try HTTP.send("GET", server.url + "/v1/health", token: nil)
        #expect(health.status == 200)
        #expect(Date().timeIntervalSince(started) < 20)
        try waitUntil("the attack ends", seconds: 90) { outcome.withLock { report } != nil }
        let result = try #require(outcome.withLock { report })
        let line = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout) \(result.stderr)")
        // Every slow head was cut off by the idle timeout (2 s), not left to run its 30 s.
        #expect(line["closed"] as? Int == 100, "\(line)")
        // The stalled body's connection closed at the body timeout (2 s).
        #expect((line["stalledSeconds"] as? Double ?? 99) < 8, "\(line)")
        #expect(try HTTP.send("GET", server.url + "/v1/health", token: nil).status == 200)
    }
}
