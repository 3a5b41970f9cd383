"""Load on habitflow-server: CLIENTS devices (each its own user) push batches of new entries
and pull, concurrently, over loopback. Prints entry changes applied per second and push
latency (p50, p99) as one JSON line; each client's first push, which makes its user's replica
on the server, is reported apart (firstPush…).

    python3 Benchmarks/server/load.py URL[,URL2] TOKENS_FILE PUSHES_PER_CLIENT ENTRIES_PER_PUSH [PUSHES_PER_SECOND]
TOKENS_FILE holds one `user token` pair per line. With two URLs, clients alternate between them.
Without a rate each client pushes again as soon as answered (throughput); with one, each
client pushes on that schedule, the clients' schedules spread evenly over one period (latency
at a given load). With LOAD_LATENCIES=PATH, each later push's latency (seconds) is appended
to PATH, a line each, for a percentile over several runs (`percentile`).
"""
import json
import os
import socket
import sys
import threading
import time
import urllib.parse
from typing import Any, Dict, List, Tuple

STAMP = "%016d.%06d.r%s"


class Connection:
    """One keep-alive HTTP/1.1 connection, as lean as a request can be in Python: the load
    shares the server's two cores, and http.client spent about a quarter of a millisecond of
    them on each push (its header parsing), which the figures then missed. It speaks just
    what habitflow-server answers: a status line, headers, a Content-Length body (a chunked
    one too). Raises ConnectionError when the server closes it."""

    def __init__(self, url: str, timeout: float = 60) -> None:
        parts = urllib.parse.urlsplit(url)
        self.host = (parts.hostname or "127.0.0.1").encode()
        self.sock = socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 80), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.pending = b""

    def request(self, method: str, path: str, token: str, body: bytes = b"") -> Tuple[int, bytes]:
        """Sends one request and reads its answer: (status, body)."""
        head = b"%s %s HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\n" % (
            method.encode(), path.encode(), self.host, token.encode())
        if body:
            head += b"Content-Type: application/json\r\nContent-Length: %d\r\n" % len(body)
        self.sock.sendall(head + b"\r\n" + body)
        end = self._until(b"\r\n\r\n")
        header, self.pending = self.pending[:end], self.pending[end + 4:]
        status = int(header[9:12])
        lower = header.lower()
        at = lower.find(b"\r\ncontent-length:")
        if at >= 0:
            stop = lower.find(b"\r\n", at + 2)  # the last header ends where the head does
            return status, self._take(int(lower[at + 17:stop if stop > 0 else len(lower)]))
        data = b""  # chunked: size lines, chunks, a zero-size one last
        while True:
            line = self._until(b"\r\n")
            size, self.pending = int(self.pending[:line].split(b";")[0], 16), self.pending[line + 2:]
            data += self._take(size + 2)[:size]
            if size == 0:
                return status, data

    def _until(self, mark: bytes) -> int:
        while (at := self.pending.find(mark)) < 0:
            self._receive()
        return at

    def _take(self, n: int) -> bytes:
        while len(self.pending) < n:
            self._receive()
        data, self.pending = self.pending[:n], self.pending[n:]
        return data

    def _receive(self) -> None:
        chunk = self.sock.recv(1 << 16)
        if not chunk:
            raise ConnectionError("the server closed the connection")
        self.pending += chunk

    def close(self) -> None:
        self.sock.close()


def profile(user: str) -> List[Dict[str, Any]]:
    t = "2026-11-24T12:00:00Z"
    return [
        {"kind": "user", "stamp": STAMP % (1_790_000_000_000, 0, user), "record": {
            "id": user, "zone": "Europe/Berlin", "firstWeekday": 1, "createdAt": t, "updatedAt": t, "dayStartsAt": 0}},
        {"kind": "habit", "stamp": STAMP % (1_790_000_000_000, 1, user), "record": {
            "id": "h-" + user, "ownerId": user, "name": "Water", "kind": "numeric", "unit": "ml", "cadence": "daily",
            "timesPerWeek": None, "targetType": "atLeast", "multiplePerDay": 1, "categoryId": None, "archived": 0,
            "legacyGoal": None, "createdAt": t, "createdDayKey": "2026-01-01", "updatedAt": t, "deletedAt": None,
            "bundle": None, "bundleId": None}},
    ]


RUN = int(time.time() * 1000) % 1_000_000_000  # new entries in every run


def entries(user: str, batch: int, size: int) -> List[Dict[str, Any]]:
    out = []
    for i in range(size):
        n = RUN * 100_000 + batch * size + i
        day = "2026-%02d-%02d" % (1 + (n // 28) % 12, 1 + n % 28)
        t = day + "T08:00:00Z"
        out.append({"kind": "entry", "stamp": STAMP % (1_790_000_000_000 + batch * size + i + 10, RUN % 1_000_000, user), "record": {
            "id": "e-%s-%d" % (user, n), "habitId": "h-" + user, "timestampUtc": t, "dayKey": day, "value": 250,
            "note": None, "source": "manual", "createdAt": t, "updatedAt": t, "deletedAt": None, "multiplePerDay": 1}})
    return out


def client(url: str, user: str, token: str, pushes: int, size: int, rate: float, phase: float, latencies: List[float],
           firsts: List[float], applied: List[int], errors: List[str]) -> None:
    conn = Connection(url)
    # A device that has synced before: it starts from the server's cursor (untimed), so the
    # pulls below are the incremental ones of a device in use, not every client's first sync.
    status, data = conn.request("GET", "/v1/changes?since=0", token)
    cursor = json.loads(data)["cursor"] if status == 200 else "0"
    # Paced clients start spread over one period (`phase` of it), as independent devices
    # would: all starting at once would measure how long a burst of every client takes.
    begin = time.perf_counter() + (phase / rate if rate > 0 else 0.0)
    for batch in range(pushes):
        if rate > 0:
            time.sleep(max(0.0, begin + batch / rate - time.perf_counter()))
        changes = (profile(user) if batch == 0 else []) + entries(user, batch, size)
        body = json.dumps({"changes": changes}).encode()
        start = time.perf_counter()
        status, data = conn.request("POST", "/v1/changes", token, body)
        if batch > 0:  # the first push makes the user's replica on the server: counted apart
            latencies.append(time.perf_counter() - start)
        else:
            firsts.append(time.perf_counter() - start)
        if status != 200:
            errors.append("%d %s" % (status, data[:200].decode(errors="replace")))
            continue
        applied.append(json.loads(data)["applied"] - (2 if batch == 0 else 0))
        if batch % 5 == 4:  # a device pulls now and then
            cursor = json.loads(conn.request("GET", "/v1/changes?since=" + cursor, token)[1])["cursor"]
    conn.close()


def run_all(threads: List[threading.Thread]) -> float:
    """Starts `threads`, waits for them all: the seconds it took."""
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.perf_counter() - start


def percentile(values: List[float], p: float) -> float:
    """The `p` quantile of `values` (seconds) in milliseconds, 0 for none."""
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000, 1) if ordered else 0.0


def main() -> None:
    urls = sys.argv[1].split(",")
    pairs = [line.split() for line in open(sys.argv[2]) if line.strip()]
    pushes, size = int(sys.argv[3]), int(sys.argv[4])
    rate = float(sys.argv[5]) if len(sys.argv) > 5 else 0.0
    latencies: List[float] = []
    firsts: List[float] = []
    applied: List[int] = []
    errors: List[str] = []
    threads = [threading.Thread(target=client, args=(urls[i % len(urls)], user, token, pushes, size, rate, i / len(pairs),
                                                     latencies, firsts, applied, errors))
               for i, (user, token) in enumerate(pairs)]
    elapsed = run_all(threads)
    if "LOAD_LATENCIES" in os.environ:
        with open(os.environ["LOAD_LATENCIES"], "a") as out:
            out.writelines("%.6f\n" % s for s in latencies)
    pct = percentile
    print(json.dumps({"servers": len(urls), "clients": len(pairs), "pushes": len(latencies) + len(firsts), "entriesPerPush": size,
                      "offeredPerSecond": round(rate * size * len(pairs)) if rate else "as fast as answered",
                      "entryChangesPerSecond": round(sum(applied) / elapsed), "pushP50ms": pct(latencies, 0.50),
                      "pushP99ms": pct(latencies, 0.99), "firstPushP50ms": pct(firsts, 0.50), "firstPushMaxMs": pct(firsts, 1.0),
                      "seconds": round(elapsed, 2), "errors": errors[:3]}))


if __name__ == "__main__":
    main()
