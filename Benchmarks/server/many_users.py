"""Many users, most of them cold, on habitflow-server (issue 28): USERS users whose replicas
hold a history already (scripts/bench-server copies one user's in SQL), and devices of users
drawn at random pushing 1 to 5 new entries each, paced at OFFERED entry changes per second
(0: as fast as answered) for SECONDS. Prints one JSON line: pushes, entry changes applied per
second, push latency p50/p99, the server's resident memory (now and at its peak) and the
errors. DEVICES `own` gives each of min(THREADS, USERS) threads a user of its own, u1, u2, …:
the same pushes from a few users the server keeps hot (the many-users round's like-for-like
peer); `random` (the default) draws each push's user. The threads run in 4 processes, so
that no answer waits on another thread for Python's interpreter lock.

    python3 Benchmarks/server/many_users.py URL USERS OFFERED SECONDS SERVER_PID [THREADS=32] [DEVICES=random]

Tokens are the bench's own, made the same way in SQL: `hf1.` + the user id in base64url + `.`
+ the first 43 characters of base64url(SHA-256(user + ":bench")).
"""
import base64
import datetime
import hashlib
import json
import multiprocessing
import os
import queue
import random
import sys
import threading
import time
import uuid
from typing import Any, Dict, List

from load import Connection, percentile, run_all  # this folder's load generator

# The template's habits (scripts/bench-server): ids as the engine makes them, UUIDs.
HABITS = [str(uuid.uuid5(uuid.NAMESPACE_OID, "h%d" % h)) for h in range(5)]

STAMP = "%016d.%06d.r%s"
PROCESSES = 4  # the load's threads are spread over this many processes
RUN = int(time.time() * 1000) % 1_000_000_000
# Stamps from now on, a millisecond apart: after every copied history's, and never past the
# day ahead a server takes (SyncRules.maxClockLead; a million pushes reach 83 minutes ahead).
NOW_MS = int(time.time() * 1000)
FIRST_DAY = datetime.date(2027, 1, 1)  # after every history the bench copies


def token(user: str) -> str:
    name = base64.urlsafe_b64encode(user.encode()).decode().rstrip("=")
    secret = base64.urlsafe_b64encode(hashlib.sha256((user + ":bench").encode()).digest()).decode()[:43]
    return "hf1." + name + "." + secret


def entries(user: str, n: int, serial: int) -> List[Dict[str, Any]]:
    """`n` new entries of the user's five habits (n ≤ 5), one each, on the day `serial` after
    FIRST_DAY: serial numbers never repeat, so no habit day gets a second entry (days that
    repeated, a run's later pushes settled ever longer days of conflicting entries; a
    million pushes reach the year 4765)."""
    out = []
    day = (FIRST_DAY + datetime.timedelta(days=serial)).isoformat()
    t = day + "T08:00:00Z"
    for i in range(n):
        k = serial * 5 + i
        out.append({"kind": "entry", "stamp": STAMP % (NOW_MS + k, RUN % 1_000_000, user), "record": {
            "id": "m-%d-%d" % (RUN, k), "ownerId": user, "habitId": HABITS[i % 5], "timestampUtc": t, "dayKey": day,
            "value": 1, "note": None, "source": "manual", "createdAt": t, "updatedAt": t, "deletedAt": None,
            "multiplePerDay": 1}})
    return out


def rss(pid: int) -> Dict[str, int]:
    fields = {}
    for line in open("/proc/%d/status" % pid):
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            fields[name] = int(value.split()[0]) // 1024
    return fields


def cpu_seconds(pid: int) -> float:
    """The process's CPU time so far (user and system)."""
    fields = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def idle_seconds() -> float:
    """The machine's idle time so far, over every core."""
    fields = open("/proc/stat").readline().split()
    return int(fields[4]) / os.sysconf("SC_CLK_TCK")


def worker(url: str, users: int, seconds: float, per_thread: float, seeds: List[int],
           threads: int, own_users: bool, start: float, out: "multiprocessing.Queue[Any]") -> None:
    """One process's threads (seeds: their numbers among all the threads); puts its latencies,
    the changes applied and the errors on `out`."""
    latencies: List[float] = []
    applied: List[int] = []
    errors: List[str] = []

    def work(seed: int) -> None:
        rng = random.Random(seed)
        time.sleep(max(0.0, start - time.monotonic()))  # every thread starts with the clock
        conn = Connection(url)
        sent = 0
        own = "u%d" % (seed + 1) if own_users else None
        own_token = token(own) if own else None
        # Each thread's schedule is shifted by its share of one period, so that pushes arrive
        # evenly, not every thread at once (a burst of THREADS pushes each period).
        phase = seed / threads
        while time.monotonic() - start < seconds:
            if per_thread > 0:
                time.sleep(max(0.0, start + (sent + phase) / per_thread - time.monotonic()))
            user = own or "u%d" % rng.randint(1, users)
            n = rng.randint(1, 5)
            # Serial numbers unique over every thread of every process: entry ids never repeat.
            body = json.dumps({"changes": entries(user, n, seed + threads * sent)}).encode()
            began = time.perf_counter()
            try:
                status, data = conn.request("POST", "/v1/changes", own_token or token(user), body)
            except Exception as error:  # a dropped connection: counted, and a new one
                errors.append(repr(error))
                conn.close()
                conn = Connection(url)
                sent += 1
                continue
            latencies.append(time.perf_counter() - began)
            sent += 1
            if status != 200:
                errors.append("%d %s" % (status, data[:200].decode(errors="replace")))
                continue
            applied.append(json.loads(data)["applied"])

    run_all([threading.Thread(target=work, args=(seed,)) for seed in seeds])
    out.put((latencies, sum(applied), errors))


def main() -> None:
    url, users, offered, seconds, pid = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5])
    threads = int(sys.argv[6]) if len(sys.argv) > 6 else 32
    devices = sys.argv[7] if len(sys.argv) > 7 else "random"
    if devices not in ("random", "own"):
        sys.exit("DEVICES is random or own, not %r" % devices)
    own_users = devices == "own"
    if own_users:
        threads = min(threads, users)
    # Pushes average 3 changes: the pace is in pushes, spread over the threads.
    per_thread = offered / 3 / threads if offered > 0 else 0.0
    # The threads are spread over processes: in one, every answer would wait its turn for the
    # interpreter's lock, and the figures would count that wait as the server's.
    processes = min(PROCESSES, threads)
    context = multiprocessing.get_context("fork")  # (Linux's; quick to start)
    out: "multiprocessing.Queue[Any]" = context.Queue()
    start = time.monotonic() + 0.5  # every process's threads start their clocks at this moment
    # The server's CPU and the machine's idle time over the round: what a push costs the
    # server, and whether the machine's cores were the limit.
    cpu_before, idle_before, wall_before = cpu_seconds(pid), idle_seconds(), time.monotonic()
    workers = [context.Process(target=worker, args=(url, users, seconds, per_thread, list(range(p, threads, processes)),
                                                    threads, own_users, start, out)) for p in range(processes)]
    for w in workers:
        w.start()
    latencies: List[float] = []
    applied, errors = 0, []
    for _ in workers:
        try:
            some, changes, failures = out.get(timeout=seconds + 120)
        except queue.Empty:
            sys.exit("a load process gave no figures (exit codes %s)" % [w.exitcode for w in workers])
        latencies += some
        applied += changes
        errors += failures
    for w in workers:
        w.join()
    elapsed = time.monotonic() - start
    memory = rss(pid)
    server_cpu, idle = cpu_seconds(pid) - cpu_before, idle_seconds() - idle_before
    wall = time.monotonic() - wall_before
    print(json.dumps({"users": users, "devices": devices, "threads": threads, "processes": processes, "pushes": len(latencies),
                      "offeredPerSecond": offered if offered > 0 else "as fast as answered",
                      "entryChangesPerSecond": round(applied / elapsed), "pushP50ms": percentile(latencies, 0.50), "pushP99ms": percentile(latencies, 0.99),
                      "serverRssMB": memory.get("VmRSS"), "serverPeakRssMB": memory.get("VmHWM"),
                      "serverCpuMsPerPush": round(server_cpu * 1000 / max(1, len(latencies)), 2),
                      "machineIdleCores": round(idle / wall, 2), "cores": os.cpu_count(),
                      "seconds": round(elapsed, 1), "errors": len(errors), "firstErrors": errors[:3]}))


if __name__ == "__main__":
    main()
