import Foundation

// Peer (b): Benchmarks/python/metrics_peer.py, every metric in plain Python + sqlite3 (run in main.swift).

/// Runs metrics_peer.py (with `extra` arguments) and returns its JSON.
@MainActor func runPeer(_ extra: [String]) -> [String: Any] {
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments =
        [
            "python3", peerScript, storePath, "--user", userId, "--today", today.description,
            "--from", firstDay.description, "--runs", String(pythonRuns),
        ] + extra
    let pythonOut = Pipe()
    python.standardOutput = pythonOut
    try! python.run()
    let pythonData = pythonOut.fileHandleForReading.readDataToEndOfFile()
    python.waitUntilExit()
    precondition(python.terminationStatus == 0, "metrics_peer.py \(extra) failed (\(peerScript))")
    return try! JSONSerialization.jsonObject(with: pythonData) as! [String: Any]
}
