#!/usr/bin/env python3
"""Restoring a backup as hosts pay for it (issue 28): data.import beside entry.import of the same
entries, in one run, through the Python binding and through the CLI.

  python    entry.import of ENTRIES entries (10,000 a request) into a new store; data.export of
            it; data.import of that document (a dict, serialised by the binding) into another
            new store. Ratio = data.import's records/s ÷ entry.import's entries/s (goal ≥ 0.8).
  python-file  the same, restoring the backup as a host keeps one: the export saved to a file,
            then data.import {path} (the engine reads the file; Python parses nothing).
  cli       the same entries through `habitflow batch` (entry.import requests on stdin), then
            `habitflow import FILE` of the export, each into a new store: the same ratio.

Each face runs ROUNDS times (default 5), the two imports taking turns, each into a new store;
a figure is the median of its rounds, so one slow moment of a shared machine moves no ratio.

Usage: restore_bench.py [ENTRIES=25000] [ROUNDS=5]   (HABITFLOW_LIB or the installed package; HABITFLOW_CLI)
"""

import json
import os
import subprocess
import sys
import tempfile
import time

import habitflow

HABITS = 100
CHUNK = 10_000
USER, ZONE, NOW = "bench", "Europe/Amsterdam", "2030-01-01T12:00:00Z"


def entries(total):
    """Entry i: habit i % HABITS on day i // HABITS, one entry per habit and day."""
    base = 1577869200  # 2020-01-01T09:00:00Z
    return [{"entryId": f"e{i}", "habitId": f"h{i % HABITS}",
             "timestampUtc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(base + (i // HABITS) * 86_400)),
             "value": float(i % 90)} for i in range(total)]


def habits():
    return [("habit.create", {"habitId": f"h{h}", "name": f"Habit {h}", "kind": "numeric", "unit": "min"})
            for h in range(HABITS)]


def median(values):
    return sorted(values)[len(values) // 2]


def python_round(folder, data, rounds):
    def engine(name):
        return habitflow.Engine(os.path.join(folder, name), user=USER, zone=ZONE, now=NOW)

    source = engine("py-source.sqlite")
    for op, args in habits():
        source.call(op, **args)
    for start in range(0, len(data), CHUNK):
        source.call("entry.import", entries=data[start:start + CHUNK])
    document = source.call("data.export")["document"]
    path = os.path.join(folder, "py-backup.json")
    with open(path, "w") as f:
        json.dump(document, f)
    imported, restored, restored_file = [], [], []
    for r in range(rounds):
        target = engine(f"py-entries-{r}.sqlite")
        for op, args in habits():
            target.call(op, **args)
        started = time.perf_counter()
        for start in range(0, len(data), CHUNK):
            target.call("entry.import", entries=data[start:start + CHUNK])
        imported.append(len(data) / (time.perf_counter() - started))
        target = engine(f"py-dict-{r}.sqlite")
        started = time.perf_counter()
        summary = target.call("data.import", document=document)
        restored.append(summary["records"] / (time.perf_counter() - started))
        target = engine(f"py-file-{r}.sqlite")
        started = time.perf_counter()
        summary = target.call("data.import", path=path)
        restored_file.append(summary["records"] / (time.perf_counter() - started))
    return document, median(imported), median(restored), median(restored_file)


def cli_round(folder, data, document, rounds):
    cli = os.environ.get("HABITFLOW_CLI", "habitflow")
    common = ["--user", USER, "--zone", ZONE]
    requests = [json.dumps({"op": op, "args": args}) for op, args in habits()]
    requests += [json.dumps({"op": "entry.import", "args": {"entries": data[s:s + CHUNK]}})
                 for s in range(0, len(data), CHUNK)]
    path = os.path.join(folder, "backup.json")
    with open(path, "w") as f:
        json.dump(document, f)
    imported, restored = [], []
    for r in range(rounds):
        started = time.perf_counter()
        subprocess.run([cli, "batch", "--bail", "--db", os.path.join(folder, f"cli-entries-{r}.sqlite")] + common,
                       input="\n".join(requests) + "\n", text=True, check=True, capture_output=True)
        imported.append(len(data) / (time.perf_counter() - started))
        started = time.perf_counter()
        subprocess.run([cli, "import", path, "--db", os.path.join(folder, f"cli-restored-{r}.sqlite")] + common,
                       check=True, capture_output=True)
        restored.append(len(document["records"]) / (time.perf_counter() - started))
    return median(imported), median(restored)


def main():
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 25_000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    data = entries(total)
    with tempfile.TemporaryDirectory() as folder:
        document, py_import, py_restore, py_file = python_round(folder, data, rounds)
        cli_import, cli_restore = cli_round(folder, data, document, rounds)
    faces = [("python", py_import, py_restore), ("python-file", py_import, py_file), ("cli", cli_import, cli_restore)]
    for face, imported, restored in faces:
        print(json.dumps({"bench": "restore", "face": face, "entries": total, "records": len(document["records"]),
                          "entryImportPerSecond": round(imported), "dataImportPerSecond": round(restored),
                          "ratio": round(restored / imported, 2), "goal": 0.8, "rounds": rounds}))


if __name__ == "__main__":
    main()
