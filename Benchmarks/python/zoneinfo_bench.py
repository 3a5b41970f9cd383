#!/usr/bin/env python3
"""Python zoneinfo beside the TimeCore benchmarks: ns per operation, 1 and 2 processes.

The inputs are those of Benchmarks/TimeCore/Workload.swift, bit for bit: 4 zones x 1024
instants in [1970-01-01, 2038-01-01) drawn from SplitMix64 with seed BASE_SEED + p for
process p. The operations are the honest zoneinfo spellings of the two HabitFlow calls:

  dayKey   instant -> local date      datetime.fromtimestamp(t, zi).date()
  dayRange local date -> [start, end)  datetime(y, m, d, tzinfo=zi).timestamp() for the day
                                       and for the next day (date + 1 day)

Each process times whole passes over its 4096 inputs (time.perf_counter_ns) and reports
the median pass in ns per operation. With 2 processes both start together (a barrier) and
the figure is the mean of their per-process medians, i.e. the per-process cost.

Prints one JSON object on stdout; `--human` adds a readable summary on stderr.
"""

import json
import multiprocessing as mp
import os
import statistics
import sys
import time
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

ZONE_NAMES = ["Europe/Amsterdam", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata"]
PER_ZONE = 1024
FIRST_SECOND = 0
END_SECOND = 2_145_916_800
BASE_SEED = 20_240_331
MASK = (1 << 64) - 1
ONE_DAY = timedelta(days=1)


def splitmix64(state):
    """Yields the SplitMix64 stream from `state` (as in Workload.swift)."""
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        yield z ^ (z >> 31)


def workload(process):
    """[(ZoneInfo, [unix seconds], [local dates])] for one process, zone-major."""
    rng = splitmix64((BASE_SEED + process) & MASK)
    span = END_SECOND - FIRST_SECOND
    result = []
    for name in ZONE_NAMES:
        zi = ZoneInfo(name)
        seconds = [FIRST_SECOND + next(rng) % span for _ in range(PER_ZONE)]
        days = [datetime.fromtimestamp(t, zi).date() for t in seconds]
        result.append((zi, seconds, days))
    return result


def day_keys(data):
    acc = 0
    for zi, seconds, _ in data:
        for t in seconds:
            acc += datetime.fromtimestamp(t, zi).date().day
    return acc


def day_ranges(data):
    acc = 0
    for zi, _, days in data:
        for d in days:
            start = datetime(d.year, d.month, d.day, tzinfo=zi).timestamp()
            n = d + ONE_DAY
            end = datetime(n.year, n.month, n.day, tzinfo=zi).timestamp()
            acc += end - start
    return acc


OPERATIONS = {"dayKey": day_keys, "dayRange": day_ranges}


def check(data):
    """Sanity: every instant lies in the range computed for its own local day."""
    for zi, seconds, days in data:
        for t, d in zip(seconds, days):
            start = datetime(d.year, d.month, d.day, tzinfo=zi).timestamp()
            n = d + ONE_DAY
            end = datetime(n.year, n.month, n.day, tzinfo=zi).timestamp()
            if not start <= t < end:
                raise SystemExit(f"zoneinfo_bench: {t} not in its day {d} [{start}, {end}) in {zi}")


def measure(process, passes, barrier=None):
    """{operation: median ns/op over `passes` timed passes} for one process."""
    data = workload(process)
    check(data)
    ops_per_pass = len(ZONE_NAMES) * PER_ZONE
    result = {}
    for name, fn in OPERATIONS.items():
        fn(data)  # warm-up
        if barrier is not None:
            barrier.wait()
        samples = []
        for _ in range(passes):
            t0 = time.perf_counter_ns()
            fn(data)
            samples.append((time.perf_counter_ns() - t0) / ops_per_pass)
        result[name] = {"median": statistics.median(samples), "min": min(samples)}
    return result


def _child(process, passes, barrier, queue):
    queue.put((process, measure(process, passes, barrier)))


def run(processes, passes):
    if processes == 1:
        return [measure(0, passes)]
    ctx = mp.get_context("fork")
    barrier = ctx.Barrier(processes)
    queue = ctx.Queue()
    children = [ctx.Process(target=_child, args=(p, passes, barrier, queue)) for p in range(processes)]
    for c in children:
        c.start()
    results = dict(queue.get() for _ in children)
    for c in children:
        c.join()
        if c.exitcode != 0:
            raise SystemExit(f"zoneinfo_bench: child exited with {c.exitcode}")
    return [results[p] for p in range(processes)]


def main():
    passes = int(os.environ.get("ZONEINFO_BENCH_PASSES", "25"))
    report = {
        "python": sys.version.split()[0],
        "inputs_per_process": len(ZONE_NAMES) * PER_ZONE,
        "passes": passes,
        "operations": {},
    }
    for processes in (1, 2):
        per_process = run(processes, passes)
        for name in OPERATIONS:
            entry = report["operations"].setdefault(name, {})
            entry[str(processes)] = {
                "median": statistics.fmean(r[name]["median"] for r in per_process),
                "min": statistics.fmean(r[name]["min"] for r in per_process),
            }
    print(json.dumps(report, indent=2))
    if "--human" in sys.argv:
        for name, entry in report["operations"].items():
            print(f"zoneinfo {name}: {entry['1']['median']:.0f} ns/op (1 process), "
                  f"{entry['2']['median']:.0f} ns/op per process (2 processes)", file=sys.stderr)


if __name__ == "__main__":
    main()
