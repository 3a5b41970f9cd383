#!/usr/bin/env python3
"""What a name costs where an id goes (issue 29), through the Python face, beside its peer —
the same call by id — in one run.

  log       hf.log(...) on a one-per-day habit, the same day each time (an update: a write and
            the read back), by id and by name.
  streaks   hf.streaks(...), by id and by name.

The engine looks a name up only after the request by id failed (it wrote nothing), so by id
costs what it always did; by name costs one failed attempt, one read of the user's habits and
the rerun. Prints µs per call and the ratio name/id.

    HABITFLOW_LIB=.build-release/dist/lib/libhabitflow.so PYTHONPATH=bindings/python \\
        python3 Benchmarks/python/reference_bench.py
"""
import tempfile
import time
from typing import Callable

import habitflow

CALLS = 3000
HABITS = 20


def per_call(f: Callable[[], object]) -> float:
    f()
    start = time.perf_counter()
    for _ in range(CALLS):
        f()
    return (time.perf_counter() - start) / CALLS * 1e6


with tempfile.TemporaryDirectory() as folder, habitflow.Engine(folder + "/bench.sqlite", user="me", zone="UTC") as hf:
    for i in range(HABITS):
        hf.create_habit("Habit %d" % i, habit_id="h%d" % i)
    for label, by_id, by_name in [
        ("log", lambda: hf.log("h7"), lambda: hf.log("Habit 7")),
        ("streaks", lambda: hf.streaks("h7"), lambda: hf.streaks("habit 7")),
    ]:
        a, b = per_call(by_id), per_call(by_name)
        print("%-8s by id %7.1f µs   by name %7.1f µs   name/id %.2f" % (label, a, b, b / a))
