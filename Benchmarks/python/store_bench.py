#!/usr/bin/env python3
"""The store path as a Python host pays for it (issue 12), each figure beside its peer in one run.

  import    entry.import through the Python binding (JSON over the C ABI into a WAL store file),
            in requests of CHUNK entries, against Python's sqlite3 `executemany` of the same rows
            into a table with UNIQUE(habit, day) in one transaction (the peer: what a Python
            program that keeps its own table pays). Ratio = HabitFlow entries/s ÷ executemany's.
            Beside it the SQL floor: executemany of the same entries, as whole rows, into
            HabitFlow's own entries table (a new store's schema: its keys, indexes, foreign key
            and cache trigger) in the same requests: what the store costs before any engine work.
  log       entry.log through the binding, one call each: "done today" on a one-per-day binary
            habit (a new entry each call: LOGS habits, each logged once) and a value update of
            today's entry on a numeric habit; p50/p99 in µs, beside json.loads + json.dumps of the same request and reply.
  refresh   entry.log then today() (metrics.today), and today() alone on the same engine.

Usage: store_bench.py [ENTRIES=200000] [LOGS=2000]   (HABITFLOW_LIB or the installed package)
"""

import json
import os
import sqlite3
import statistics
import sys
import tempfile
import time

import habitflow

HABITS = 100
CHUNK = 10_000


def rows(total):
    """Row i: habit i % HABITS on day i // HABITS, one entry per habit and day."""
    base = 1577869200  # 2020-01-01T09:00:00Z
    for i in range(total):
        at = base + (i // HABITS) * 86_400
        yield (f"e{i}", f"h{i % HABITS}", time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(at)), float(i % 90))


def percentile(samples, p):
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))]


def main():
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    logs = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    data = list(rows(total))
    with tempfile.TemporaryDirectory() as folder:
        # HabitFlow: entry.import through the binding.
        engine = habitflow.Engine(os.path.join(folder, "hf.sqlite"), user="bench", zone="Europe/Amsterdam",
                                  now="2030-01-01T12:00:00Z")
        for h in range(HABITS):
            engine.call("habit.create", habitId=f"h{h}", name=f"Habit {h}", kind="numeric", unit="min")
        t0 = time.perf_counter()
        for start in range(0, total, CHUNK):
            entries = [{"entryId": e, "habitId": h, "timestampUtc": at, "value": v}
                       for e, h, at, v in data[start:start + CHUNK]]
            engine.call("entry.import", entries=entries)
        hf_seconds = time.perf_counter() - t0

        # The peer: executemany into UNIQUE(habit, day), day computed in Python as a host would.
        con = sqlite3.connect(os.path.join(folder, "peer.sqlite"), isolation_level=None)
        con.execute("PRAGMA journal_mode = WAL")
        con.execute("PRAGMA synchronous = NORMAL")
        con.execute("CREATE TABLE entries (id TEXT PRIMARY KEY, habit TEXT NOT NULL, at TEXT NOT NULL,"
                    " day TEXT NOT NULL, value REAL, UNIQUE (habit, day))")
        t0 = time.perf_counter()
        con.execute("BEGIN")
        con.executemany("INSERT INTO entries VALUES (?, ?, ?, ?, ?)",
                        ((e, h, at, at[:10], v) for e, h, at, v in data))
        con.execute("COMMIT")
        peer_seconds = time.perf_counter() - t0
        con.close()
        hf_rate, peer_rate = total / hf_seconds, total / peer_seconds
        print(f"import {total} entries: HabitFlow entry.import (Python → C ABI, {CHUNK}/request) "
              f"{hf_rate:,.0f}/s; sqlite3 executemany into UNIQUE(habit, day) {peer_rate:,.0f}/s; "
              f"ratio {hf_rate / peer_rate:.2f}× (goal ≥ 0.5×)")

        # The SQL floor: the same entries as HabitFlow's rows, into its own schema, no engine.
        floor_path = os.path.join(folder, "floor.sqlite")
        floor_engine = habitflow.Engine(floor_path, user="bench", zone="Europe/Amsterdam", now="2030-01-01T12:00:00Z")
        for h in range(HABITS):
            floor_engine.call("habit.create", habitId=f"h{h}", name=f"Habit {h}", kind="numeric", unit="min")
        floor_engine.close()
        con = sqlite3.connect(floor_path, isolation_level=None)
        con.execute("PRAGMA foreign_keys = ON")
        con.execute("PRAGMA synchronous = NORMAL")
        con.execute("PRAGMA temp_store = MEMORY")
        stamp = "0001893499200000.{:06d}.rfloor0000000000"
        floor_rows = [(e, "bench", h, at[:19] + ".000000000Z", at[:10], v, "import", at[:19] + ".000000000Z",
                       at[:19] + ".000000000Z", stamp.format(i % 1_000_000), i + 1000)
                      for i, (e, h, at, v) in enumerate(data)]
        t0 = time.perf_counter()
        for start in range(0, total, CHUNK):
            con.execute("BEGIN IMMEDIATE")
            con.executemany("INSERT INTO entries (id, owner_id, habit_id, timestamp_utc, day_key, value, source, created_at,"
                            " updated_at, multiple_per_day, stamp, seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)",
                            floor_rows[start:start + CHUNK])
            con.execute("COMMIT")
        floor_seconds = time.perf_counter() - t0
        con.close()
        floor_rate = total / floor_seconds
        print(f"  the same rows into HabitFlow's own entries table by executemany (no engine): {floor_rate:,.0f}/s "
              f"= {floor_rate / peer_rate:.2f}× the peer; entry.import = {hf_rate / floor_rate:.2f}× of it")

        # entry.log, one call each, on a fresh store.
        log_engine = habitflow.Engine(os.path.join(folder, "log.sqlite"), user="a", zone="UTC")
        for i in range(logs):
            log_engine.call("habit.create", habitId=f"w{i}", name=f"Walk {i}")
        log_engine.call("habit.create", habitId="run", name="Run", kind="numeric", unit="km")
        new_day, update, codec = [], [], []
        for i in range(logs):
            t0 = time.perf_counter()
            log_engine.log(f"w{i}")
            new_day.append((time.perf_counter() - t0) * 1e6)
            t0 = time.perf_counter()
            reply = log_engine.log("run", value=i + 1)
            update.append((time.perf_counter() - t0) * 1e6)
            request = {"op": "entry.log", "args": {"habitId": "run", "value": i + 1}}
            t0 = time.perf_counter()
            json.loads(json.dumps(request))
            json.loads(json.dumps({"ok": True, "result": reply}))
            codec.append((time.perf_counter() - t0) * 1e6)
        floor = statistics.median(codec)
        for label, samples in (("one-per-day binary, done today", new_day), ("value update of today's entry", update)):
            p50 = statistics.median(samples)
            print(f"entry.log via Python, {label}: p50 {p50:.1f} µs, p99 {percentile(samples, 0.99):.1f} µs "
                  f"({p50 / floor:.1f}× Python's json round trip of request and reply, {floor:.1f} µs)")

        # Log, then refresh, on the imported store (100 habits).
        engine.today()
        warm, after = [], []
        for i in range(200):
            t0 = time.perf_counter()
            engine.today()
            warm.append((time.perf_counter() - t0) * 1e3)
            t0 = time.perf_counter()
            engine.log("h7", value=i + 1)
            engine.today()
            after.append((time.perf_counter() - t0) * 1e3)
        print(f"entry.log then today() {statistics.median(after):.3f} ms, today() warm {statistics.median(warm):.3f} ms: "
              f"{statistics.median(after) / statistics.median(warm):.2f}× (goal ≤ 2×)")
        engine.close()
        log_engine.close()


if __name__ == "__main__":
    main()
