"""The write-unavailability window of scripts/cluster: devices push through HAProxy while the
primary PostgreSQL member is killed (kill -9 of its PostgreSQL and its Patroni), KILLS times,
the old primary brought back as a standby between kills. Prints one JSON line: each window
(seconds from the kill to the answer of the first push sent after it that was acknowledged),
pushes acknowledged and answered otherwise, and how many acknowledged entries the primary
lacks at the end (pulled back per user: the goal is none).

    python3 Benchmarks/server/failover.py URL TOKENS_FILE KILLS CLUSTER_SCRIPT
TOKENS_FILE holds `user token` pairs (the first DEVICES=4 are used, one device each). Each
device pushes one new entry every 50 ms, the next once the last is answered, on a new
connection after an error: a window is known to within the longest a refused push took to be
answered (printed, slowestRefusalSeconds). The environment reaches CLUSTER_SCRIPT
(HABITFLOW_CLUSTER_DIR and so on).
"""
import json
import os
import subprocess
import sys
import threading
import time
from typing import Dict, List, Optional, Tuple

from load import Connection, entries, profile

PERIOD = 0.05


class Device(threading.Thread):
    """Pushes one entry every PERIOD until stopped; keeps (sent, answered, ok) per push and
    the ids the server acknowledged."""

    def __init__(self, url: str, user: str, token: str) -> None:
        super().__init__(daemon=True)
        self.url, self.user, self.token = url, user, token
        self.pushes: List[Tuple[float, float, bool]] = []
        self.acknowledged: List[str] = []
        self.running = True
        self.lock = threading.Lock()

    def run(self) -> None:
        conn: Optional[Connection] = None
        batch = 0
        while self.running:
            changes = (profile(self.user) if batch == 0 else []) + entries(self.user, 10_000 + batch, 1)
            body = json.dumps({"changes": changes}).encode()
            sent = time.monotonic()
            ok = False
            try:
                conn = conn or Connection(self.url, timeout=30)
                status, _ = conn.request("POST", "/v1/changes", self.token, body)
                ok = status == 200
            except (OSError, ConnectionError, ValueError):
                if conn:
                    conn.close()
                conn = None
            with self.lock:
                self.pushes.append((sent, time.monotonic(), ok))
                if ok:
                    self.acknowledged.extend(c["record"]["id"] for c in changes if c["kind"] == "entry")
                    batch += 1
            time.sleep(max(0.0, sent + PERIOD - time.monotonic()))

    def first_acknowledged_after(self, instant: float) -> Optional[float]:
        with self.lock:
            return next((answered for sent, answered, ok in self.pushes if ok and sent >= instant), None)


def cluster(script: str, *arguments: str) -> str:
    return subprocess.run([script, *arguments], check=True, capture_output=True, text=True, timeout=180).stdout


def wait_replicated(script: str) -> None:
    """Until a leader and a synchronous standby (at most 120 s)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        status = cluster(script, "status")
        if " leader " in status and " sync_standby " in status:
            return
        time.sleep(0.5)
    raise SystemExit("failover: no leader with a synchronous standby within 120 s")


def on_server(url: str, user: str, token: str) -> set:
    """The entry ids the server holds for `user`, every page pulled."""
    conn, ids, cursor = Connection(url, timeout=60), set(), "0"
    while True:
        status, data = conn.request("GET", "/v1/changes?since=" + cursor, token)
        if status != 200:
            raise SystemExit("failover: a pull answered %d: %s" % (status, data[:200].decode(errors="replace")))
        page = json.loads(data)
        ids.update(c["record"]["id"] for c in page["changes"] if c["kind"] == "entry")
        cursor = page["cursor"]
        if not page.get("more"):
            conn.close()
            return ids


def main() -> None:
    url, tokens, kills, script = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    pairs = [line.split() for line in open(tokens) if line.strip()][:int(os.environ.get("DEVICES", "4"))]
    devices = [Device(url, user, token) for user, token in pairs]
    for device in devices:
        device.start()
    windows: List[float] = []
    for _ in range(kills):
        wait_replicated(script)
        # Steady writes first: a second of pushes acknowledged by every device.
        steady = time.monotonic()
        while not all(d.first_acknowledged_after(steady + 1) for d in devices):
            if time.monotonic() - steady > 120:
                raise SystemExit("failover: the devices' pushes were not acknowledged within 120 s before a kill")
            time.sleep(PERIOD)
        cluster(script, "kill", "primary")
        killed = time.monotonic()  # once SIGKILL is sent to both (a push sent before may still land)
        while True:
            back = [t for t in (d.first_acknowledged_after(killed) for d in devices) if t is not None]
            if back:
                windows.append(round(min(back) - killed, 2))
                break
            if time.monotonic() - killed > 120:
                raise SystemExit("failover: no push acknowledged within 120 s of the kill")
            time.sleep(0.01)
        # The old primary back, as a standby.
        status = cluster(script, "status").splitlines()
        stopped = next(line.split()[0] for line in status if line.startswith("pg") and " stopped " in line)
        cluster(script, "start", stopped)
    wait_replicated(script)
    for device in devices:
        device.running = False
    for device in devices:
        device.join()
    lost = sum(len(set(d.acknowledged) - on_server(url, d.user, d.token)) for d in devices)
    pushes = [p for d in devices for p in d.pushes]
    refusals = [answered - sent for sent, answered, ok in pushes if not ok]
    print(json.dumps({"failoverKills": kills, "windowsSeconds": windows, "maxWindowSeconds": max(windows, default=0),
                      "goalSeconds": 15, "pushesAcknowledged": sum(1 for p in pushes if p[2]),
                      "pushesNotAcknowledged": len(refusals), "slowestRefusalSeconds": round(max(refusals, default=0), 2),
                      "acknowledgedEntriesLost": lost}))


if __name__ == "__main__":
    main()
