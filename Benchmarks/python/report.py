#!/usr/bin/env python3
"""Assembles the scripts/bench table from one TimeCore baseline and zoneinfo_bench.py output.

Usage: report.py BASELINE_RESULTS_JSON JMH_JSON ZONEINFO_JSON [--load-before X --load-after Y]

  BASELINE_RESULTS_JSON  .benchmarkBaselines/TimeCore/<name>/results.json (for each
                         benchmark's scalingFactor: operations per measured iteration)
  JMH_JSON               the same baseline exported with `--format jmh` (percentiles, in µs
                         per measured iteration, computed by the benchmark package itself)
  ZONEINFO_JSON          zoneinfo_bench.py's stdout

Every figure printed is ns per operation: µs per iteration × 1000 / scalingFactor. For the
"(2 threads)" benchmarks each thread runs scalingFactor operations, so that is the
per-thread cost. Missing benchmarks show as "n/a" rather than failing the report.
"""

import argparse
import json
import sys

OPERATIONS = [
    # (row label, HabitFlow benchmark, Foundation benchmark, zoneinfo key, goal in ns)
    ("instant → DayKey", "dayKey (HabitFlow)", "dayKey (Foundation Calendar)", "dayKey", 10.0),
    # Foundation's own zone lookup (TimeZone.secondsFromGMT) with the same day arithmetic:
    # the fair peer of the lookup, without Calendar's component machinery.
    ("instant → DayKey (offset)", "dayKey (HabitFlow)", "dayKey (Foundation secondsFromGMT)", "dayKey", 10.0),
    ("day → DayRange", "dayRange (HabitFlow)", "dayRange (Foundation startOfDay)", "dayRange", 60.0),
]
CONTROL = "control (ALU only)"
TWO = " (2 threads)"


def load_scaling(path):
    """{benchmark name: scalingFactor} from a baseline's results.json."""
    with open(path) as f:
        results = json.load(f)["results"]
    # A Swift dictionary with struct keys encodes as [key, value, key, value, ...].
    scaling = {}
    for key, metrics in zip(results[0::2], results[1::2]):
        factors = {m.get("scalingFactor") for m in metrics if isinstance(m, dict)}
        factors.discard(None)
        if len(factors) == 1:
            scaling[key["name"]] = int(factors.pop())
    return scaling


def load_jmh(path):
    """{benchmark name: {metric: {"p0", "p50", "mean"}}} (µs or counts per iteration)."""
    with open(path) as f:
        elements = json.load(f)
    out = {}
    for e in elements:
        # "package.benchmark.<target>.<name with spaces as underscores>"
        name = e["benchmark"].split(".", 3)[-1]
        metrics = dict(e.get("secondaryMetrics") or {})
        metrics["Throughput"] = e["primaryMetric"]
        out[name] = {
            metric: {
                "p0": m["scorePercentiles"].get("0.0"),
                "p50": m["scorePercentiles"].get("50.0"),
                "mean": m.get("score"),
            }
            for metric, m in metrics.items()
        }
    return out


class Results:
    def __init__(self, scaling, jmh):
        self.scaling = {k.replace(" ", "_"): v for k, v in scaling.items()}
        self.jmh = jmh

    def _get(self, name, metric, stat):
        key = name.replace(" ", "_")
        try:
            value = self.jmh[key][metric][stat]
            return None if value is None else value * (1000.0 if metric.startswith("Time") else 1.0) / self.scaling[key]
        except KeyError:
            return None

    def ns(self, name, stat="p50"):
        """Wall-clock ns per operation (per thread for the 2-thread benchmarks)."""
        return self._get(name, "Time (wall clock)", stat)

    def cpu_ratio(self, name):
        """Mean CPU time / mean wall time: ≈ 2 when both threads really ran at once."""
        cpu = self._get(name, "Time (total CPU)", "mean")
        wall = self._get(name, "Time (wall clock)", "mean")
        return None if not cpu or not wall else cpu / wall

    def mallocs(self, name):
        """Mean mallocs per iteration (harness included), not yet per operation."""
        try:
            return self.jmh[name.replace(" ", "_")]["Malloc (total)"]["mean"]
        except KeyError:
            return None

    def scale(self, name):
        return self.scaling.get(name.replace(" ", "_"))


def fmt(ns):
    if ns is None:
        return "n/a"
    if ns >= 100:
        return f"{ns:,.0f}"
    return f"{ns:.1f}"


def ratio(peer, ours):
    return "n/a" if not peer or not ours else f"{peer / ours:,.1f}×"


def table(rows):
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    line = lambda r: "| " + " | ".join(c.ljust(w) for c, w in zip(r, widths)) + " |"
    rule = "|" + "|".join("-" * (w + 2) for w in widths) + "|"
    return "\n".join([line(rows[0]), rule] + [line(r) for r in rows[1:]])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("baseline")
    ap.add_argument("jmh")
    ap.add_argument("zoneinfo")
    ap.add_argument("--load-before", default="?")
    ap.add_argument("--load-after", default="?")
    args = ap.parse_args()

    r = Results(load_scaling(args.baseline), load_jmh(args.jmh))
    try:
        with open(args.zoneinfo) as f:
            zi = json.load(f)
    except (OSError, ValueError) as e:
        print(f"report: no zoneinfo figures ({e})", file=sys.stderr)
        zi = {"operations": {}}

    def py(key, procs):
        try:
            return zi["operations"][key][procs]["median"]
        except KeyError:
            return None

    rows = [["operation", "HabitFlow 1 thread", "HabitFlow 2 threads (per thread)",
             "Foundation 1 thr (2 thr)", "Python zoneinfo 1 proc (2 proc)", "Foundation ÷ HF", "zoneinfo ÷ HF", "goal"]]
    verdicts = []
    judged = set()
    for label, hf, fd, key, goal in OPERATIONS:
        one, two = r.ns(hf), r.ns(hf + TWO)
        rows.append([
            label, fmt(one), fmt(two),
            f"{fmt(r.ns(fd))} ({fmt(r.ns(fd + TWO))})",
            f"{fmt(py(key, '1'))} ({fmt(py(key, '2'))})",
            ratio(r.ns(fd), one), ratio(py(key, '1'), one),
            f"≤ {goal:g}",
        ])
        if hf in judged:
            continue
        judged.add(hf)
        for what, value in (("1 thread", one), ("2 threads", two)):
            if value is None:
                verdicts.append(f"{label}, {what}: not measured")
            elif value <= goal:
                verdicts.append(f"{label}, {what}: {fmt(value)} ns, goal ≤ {goal:g} ns met")
            else:
                verdicts.append(f"{label}, {what}: {fmt(value)} ns, goal ≤ {goal:g} ns MISSED by "
                                f"{value - goal:.1f} ns ({(value / goal - 1) * 100:.0f}% over)")
        if one and two:
            verdicts.append(f"{label}: per-thread slowdown at 2 threads {(two / one - 1) * 100:+.0f}% "
                            f"(goal: none)")

    print("ns per operation, median of the measured iterations; 2-thread figures are per thread")
    print("(two threads each doing the full loop on their own data at once; equal to 1 thread = no slowdown)")
    print()
    print(table(rows))
    print()
    for v in verdicts:
        print("  " + v)
    print()
    print("Diagnostics")
    c1, c2 = r.ns(CONTROL), r.ns(CONTROL + TWO)
    if c1 and c2:
        print(f"  machine check, {CONTROL}: {fmt(c1)} → {fmt(c2)} ns/op per thread at 2 threads "
              f"({(c2 / c1 - 1) * 100:+.0f}%; a large rise means the cores were busy with other work)")
    best = ", ".join(f"{hf}{t}: {fmt(r.ns(hf + t, 'p0'))}" for _, hf, _, _, _ in OPERATIONS for t in ("", TWO))
    print(f"  best iteration (p0) ns/op: {best}")
    ratios = ", ".join(
        f"{name}: {r.cpu_ratio(name + TWO):.2f}" for name in
        [CONTROL] + [o[1] for o in OPERATIONS] + [o[2] for o in OPERATIONS]
        if r.cpu_ratio(name + TWO) is not None)
    print(f"  2-thread CPU/wall (≈2.0 = both threads ran in parallel): {ratios or 'n/a'}")
    harness = r.mallocs(CONTROL)
    allocs = []
    for name in [o[1] for o in OPERATIONS] + [o[2] for o in OPERATIONS]:
        m, s = r.mallocs(name), r.scale(name)
        if m is not None and s:
            net = max(0.0, m - (harness or 0.0)) / s
            allocs.append(f"{name}: {net:.2f}")
    print(f"  mallocs per op (net of the harness's {harness if harness is not None else '?'} per "
          f"iteration): {', '.join(allocs) or 'n/a'}")
    print(f"  load average before / after: {args.load_before} / {args.load_after} "
          f"(2 cores; anything near or above 1 skews the 2-thread figures)")
    if zi.get("python"):
        print(f"  Python {zi['python']}, zoneinfo: median of {zi.get('passes')} passes over "
              f"{zi.get('inputs_per_process')} inputs per process")


if __name__ == "__main__":
    main()
