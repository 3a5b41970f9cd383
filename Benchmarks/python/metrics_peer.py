#!/usr/bin/env python3
"""The Python peer of MetricsBench: every derived metric of every habit, straightforwardly.

Reads a HabitFlow store (SQLite) with the standard sqlite3 module and derives, for each
active habit of one user, what SPEC §6 defines — written from the spec, not from the Swift
code, in the plainest Python (dicts, loops, one status() call per question):

  day status  target(day) = the version with the greatest effective_day_key <= day (ties: the
              one recorded last, then by id); no version -> 1. A version sets the fields it
              holds: a target unless null; paused 1 starts a pause, 0 ends one, 2 leaves it
              (null: a row from before pauses were markers, whose target 0 is the pause). In
              a pause the target reads 0 -> not required.
              Otherwise complete when an active entry exists and its value meets the target
              (>= at least, <= at most); value = sum of the day's active values (numeric) or
              the count of active entries (binary).
  streaks     daily: consecutive complete days, not-required days skipped, today open;
              N per week: consecutive weeks with >= need complete days, the current week
              open; need = min(N, the week's days with a target above 0); a week with
              need 0 (paused throughout) neither extends nor breaks the run.
              Current and longest, each with its first and last day (weeks: first days).
              Walked from the first logged day through today; the first longest run wins.
  weeks       every week (first weekday from the user's profile) from the week containing
              --from through the week containing --today: complete days, and what the week
              asks (need for N per week, else the days with a target above 0).
  momentum    Loop Habit Tracker's score: from the first logged day, per day
              s = s*m + c*(1 - m), m = 0.5 ** (sqrt(f) / 13), f = 1 (daily) or N/7;
              s starts at 0; c = 1/0 (binary or at most: complete or not, so a day over
              the limit earns what a missed day does), min(value/target, 1) (numeric at
              least), min(1, complete days among the last 14 / 2N) (N per week);
              no entry earns nothing; not-required days leave s unchanged.

With --fast, the same answers by a Python programmer who cares about speed: each DayKey
parsed once, each habit's days as flat lists indexed by day (target, value, status: no
per-day objects or dict lookups), every metric in one pass over them.

Usage: metrics_peer.py DB --user U --today YYYY-MM-DD --from YYYY-MM-DD [--runs 3] [--fast]

Prints one JSON object on stdout: {"timing": {"total_ms": [...], "read_ms": [...],
"compute_ms": [...]}, "entries": n, "habits": {id: {...}}} — total = open + read + compute,
read = the SQL fetch and building the per-habit dicts, compute = the derivation alone.
"""

import argparse
import bisect
import json
import math
import sqlite3
import sys
import time
from collections import deque
from datetime import date

NOT_REQUIRED, INCOMPLETE, COMPLETE = "notRequired", "incomplete", "complete"


def day_number(day_key):
    """A DayKey as a proleptic Gregorian ordinal (0001-01-01 = 1, a Monday)."""
    return date.fromisoformat(day_key).toordinal()


def day_key(ordinal):
    return date.fromordinal(ordinal).isoformat()


def weekday(ordinal):
    """0 = Sunday ... 6 = Saturday (the store's first_weekday numbering)."""
    return ordinal % 7


class Habit:
    def __init__(self, habit_id, kind, cadence, times_per_week, target_type):
        self.id = habit_id
        self.kind = kind
        self.weekly = cadence == "weekly"
        self.n = times_per_week
        self.target_type = target_type
        self.values = {}    # day ordinal -> value
        self.versions = []  # (effective ordinal, recorded_at, id, target)
        self.effective = []

    def target(self, day):
        i = bisect.bisect_right(self.effective, day)
        return self.versions[i - 1][3] if i else 1.0

    def status(self, day):
        target = self.target(day)
        if target <= 0:
            return NOT_REQUIRED
        value = self.values.get(day)
        if value is None:
            return INCOMPLETE
        if self.target_type == "atLeast":
            return COMPLETE if value >= target else INCOMPLETE
        return COMPLETE if value <= target else INCOMPLETE


def in_force(versions):
    """Sorted (effective, recorded_at, id, target, paused) rows -> (effective, recorded_at, id,
    target in force then: 0 in a pause), each row carrying forward what it leaves unset."""
    out, target, paused = [], 1.0, False
    for effective, recorded_at, version_id, t, p in sorted(versions):
        if t is not None:
            target = t
        if p is None:
            paused = t == 0
        elif p in (0, 1):
            paused = p == 1
        out.append((effective, recorded_at, version_id, 0.0 if paused else target))
    return out


def load(path, user):
    con = sqlite3.connect(path)
    try:
        (first_weekday,) = con.execute("SELECT first_weekday FROM users WHERE id = ?", (user,)).fetchone()
        habits = {}
        for row in con.execute(
                "SELECT id, kind, cadence, times_per_week, target_type FROM habits"
                " WHERE owner_id = ? AND deleted_at IS NULL AND archived = 0", (user,)):
            habits[row[0]] = Habit(*row)
        entries = 0
        for habit_id, key, value in con.execute(
                "SELECT habit_id, day_key, value FROM entries WHERE deleted_at IS NULL"):
            habit = habits.get(habit_id)
            if habit is None:
                continue
            entries += 1
            day = day_number(key)
            credit = 1.0 if habit.kind == "binary" else (value or 0.0)
            habit.values[day] = habit.values.get(day, 0.0) + credit
        for habit_id, effective, target, recorded_at, version_id, paused in con.execute(
                "SELECT habit_id, effective_day_key, target, recorded_at, id, paused FROM target_versions"):
            habit = habits.get(habit_id)
            if habit is not None:
                habit.versions.append((day_number(effective), recorded_at, version_id, target, paused))
        for habit in habits.values():
            habit.versions = in_force(habit.versions)
            habit.effective = [v[0] for v in habit.versions]
        return habits, first_weekday, entries
    finally:
        con.close()


def week_start(day, first_weekday):
    return day - (weekday(day) - first_weekday + 7) % 7


def streak(length=0, first=None, last=None):
    return {"length": length, "first": first, "last": last}


def daily_streaks(habit, today):
    if not habit.values or min(habit.values) > today:
        return streak(), streak()
    longest = streak()
    run = streak()
    for day in range(min(habit.values), today + 1):
        state = habit.status(day)
        if state == COMPLETE:
            run = streak(run["length"] + 1, run["first"] if run["first"] is not None else day, day)
            if run["length"] > longest["length"]:
                longest = run
        elif state == INCOMPLETE and day != today:  # today is still open
            run = streak()
    return run, longest


def weekly_streaks(habit, today, first_weekday):
    if not habit.values or min(habit.values) > today:
        return streak(), streak()
    this_week = week_start(today, first_weekday)
    longest = streak()
    run = streak()
    for start in range(week_start(min(habit.values), first_weekday), this_week + 1, 7):
        done = sum(1 for day in range(start, start + 7) if day <= today and habit.status(day) == COMPLETE)
        need = weekly_need(habit, start)
        if need == 0:  # paused all week: neither extends nor breaks
            continue
        if done >= need:
            run = streak(run["length"] + 1, run["first"] if run["first"] is not None else start, start)
            if run["length"] > longest["length"]:
                longest = run
        elif start != this_week:  # the current week is still open
            run = streak()
    return run, longest


def weekly_need(habit, start):
    return min(habit.n, sum(1 for day in range(start, start + 7) if habit.target(day) > 0))


def week_progress(habit, start):
    completed = 0
    required_days = 0
    for day in range(start, start + 7):
        state = habit.status(day)
        if state == COMPLETE:
            completed += 1
            required_days += 1
        elif state == INCOMPLETE:
            required_days += 1
    return completed, weekly_need(habit, start) if habit.weekly else required_days


def momentum(habit, today):
    if not habit.values or min(habit.values) > today:
        return 0.0
    frequency = habit.n / 7 if habit.weekly else 1.0
    m = 0.5 ** (math.sqrt(frequency) / 13)
    score = 0.0
    recent = deque(maxlen=14)
    for day in range(min(habit.values), today + 1):
        target = habit.target(day)
        value = habit.values.get(day)
        state = habit.status(day)
        recent.append(state == COMPLETE)
        if state == NOT_REQUIRED:
            continue
        if habit.weekly:
            credit = min(1.0, sum(recent) / (2 * habit.n))
        elif habit.kind == "binary" or habit.target_type == "atMost":
            credit = 1.0 if state == COMPLETE else 0.0
        elif value is None:
            credit = 0.0
        else:
            credit = min(value / target, 1.0)
        score = score * m + credit * (1 - m)
    return score


def derive(habits, first_weekday, today, first_day):
    out = {}
    weeks = range(week_start(first_day, first_weekday), week_start(today, first_weekday) + 1, 7)
    for habit_id, habit in habits.items():
        if habit.weekly:
            current, longest = weekly_streaks(habit, today, first_weekday)
        else:
            current, longest = daily_streaks(habit, today)
        progress = [week_progress(habit, start) for start in weeks]
        out[habit_id] = {
            "unit": "weeks" if habit.weekly else "days",
            "current": current,
            "longest": longest,
            "momentum": momentum(habit, today),
            "firstWeek": day_key(weeks[0]),
            "weekCompleted": [p[0] for p in progress],
            "weekRequired": [p[1] for p in progress],
        }
    return out


# MARK: the fast peer

def load_fast(path, user):
    """(habits as tuples, first_weekday, entry count): values and versions keyed by ordinal,
    every DayKey text parsed once."""
    con = sqlite3.connect(path)
    try:
        (first_weekday,) = con.execute("SELECT first_weekday FROM users WHERE id = ?", (user,)).fetchone()
        meta = {row[0]: row for row in con.execute(
            "SELECT id, kind, cadence, times_per_week, target_type FROM habits"
            " WHERE owner_id = ? AND deleted_at IS NULL AND archived = 0", (user,))}
        ordinals = {}
        values = {h: {} for h in meta}
        entries = 0
        for habit_id, key, value in con.execute(
                "SELECT habit_id, day_key, value FROM entries WHERE deleted_at IS NULL"):
            days = values.get(habit_id)
            if days is None:
                continue
            entries += 1
            day = ordinals.get(key)
            if day is None:
                day = ordinals[key] = date.fromisoformat(key).toordinal()
            credit = 1.0 if meta[habit_id][1] == "binary" else (value or 0.0)
            days[day] = days.get(day, 0.0) + credit
        versions = {h: [] for h in meta}
        for habit_id, effective, target, recorded_at, version_id, paused in con.execute(
                "SELECT habit_id, effective_day_key, target, recorded_at, id, paused FROM target_versions"):
            if habit_id in versions:
                versions[habit_id].append((date.fromisoformat(effective).toordinal(), recorded_at, version_id, target, paused))
        versions = {h: in_force(v) for h, v in versions.items()}
        return meta, values, versions, first_weekday, entries
    finally:
        con.close()


def derive_fast(meta, values, versions, first_weekday, today, first_day):
    out = {}
    first_week = week_start(first_day, first_weekday)
    this_week = week_start(today, first_weekday)
    for habit_id, (_, kind, cadence, n, target_type) in meta.items():
        days = values[habit_id]
        weekly = cadence == "weekly"
        logged = min(days) if days else None
        lo = min(first_week, week_start(logged, first_weekday)) if logged is not None else first_week
        size = this_week + 7 - lo
        # Targets: each version from its day to the next one's (sorted: the last of a day wins).
        targets = [1.0] * size
        vs = sorted(versions[habit_id])
        for i, (eff, _, _, target) in enumerate(vs):
            end = vs[i + 1][0] if i + 1 < len(vs) else lo + size
            a, b = max(eff, lo) - lo, max(min(end, lo + size), lo) - lo
            if a < b:
                targets[a:b] = [target] * (b - a)
        vals = [None] * size
        for day, value in days.items():
            if lo <= day < lo + size:
                vals[day - lo] = value
        at_least = target_type == "atLeast"
        # 0 not required, 1 incomplete, 2 complete
        status = [0 if t <= 0 else 1 if v is None else (2 if (v >= t if at_least else v <= t) else 1)
                  for t, v in zip(targets, vals)]
        t = today - lo
        run_len = run_first = run_last = 0
        run = longest = (0, None, None)
        score = 0.0
        if logged is not None and logged <= today:
            start = logged - lo
            if weekly:
                for w in range((week_start(logged, first_weekday) - lo), this_week - lo + 1, 7):
                    need = min(n, 7 - status[w:w + 7].count(0))
                    if need == 0:
                        continue
                    done = status[w:min(w + 7, t + 1)].count(2)
                    if done >= need:
                        run = (run[0] + 1, run[1] if run[1] is not None else w + lo, w + lo)
                        if run[0] > longest[0]:
                            longest = run
                    elif w + lo != this_week:
                        run = (0, None, None)
            else:
                for d in range(start, t + 1):
                    st = status[d]
                    if st == 2:
                        run = (run[0] + 1, run[1] if run[1] is not None else d + lo, d + lo)
                        if run[0] > longest[0]:
                            longest = run
                    elif st == 1 and d != t:
                        run = (0, None, None)
            m = 0.5 ** (math.sqrt(n / 7 if weekly else 1.0) / 13)
            score = 0.0
            recent = 0
            binary = kind == "binary"
            for d in range(start, t + 1):
                st = status[d]
                recent += st == 2
                if d - 14 >= start and status[d - 14] == 2:
                    recent -= 1
                if st == 0:
                    continue
                if weekly:
                    credit = min(1.0, recent / (2 * n))
                elif binary or not at_least:
                    credit = 1.0 if st == 2 else 0.0
                else:
                    v = vals[d]
                    credit = 0.0 if v is None else min(v / targets[d], 1.0)
                score = score * m + credit * (1 - m)
        completed, required = [], []
        for w in range(first_week - lo, this_week - lo + 1, 7):
            week = status[w:w + 7]
            completed.append(week.count(2))
            asked = 7 - week.count(0)
            required.append(min(n, asked) if weekly else asked)
        out[habit_id] = {
            "unit": "weeks" if weekly else "days",
            "current": {"length": run[0], "first": run[1], "last": run[2]},
            "longest": {"length": longest[0], "first": longest[1], "last": longest[2]},
            "momentum": score,
            "firstWeek": day_key(first_week),
            "weekCompleted": completed,
            "weekRequired": required,
        }
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("db")
    parser.add_argument("--user", required=True)
    parser.add_argument("--today", required=True)
    parser.add_argument("--from", dest="first", required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--fast", action="store_true", help="the one-pass peer (flat lists per habit)")
    args = parser.parse_args()
    today = day_number(args.today)
    first_day = day_number(args.first)
    total, read, compute = [], [], []
    result = None
    for _ in range(max(1, args.runs)):
        t0 = time.perf_counter()
        if args.fast:
            meta, values, versions, first_weekday, entries = load_fast(args.db, args.user)
            t1 = time.perf_counter()
            result = derive_fast(meta, values, versions, first_weekday, today, first_day)
        else:
            habits, first_weekday, entries = load(args.db, args.user)
            t1 = time.perf_counter()
            result = derive(habits, first_weekday, today, first_day)
        t2 = time.perf_counter()
        total.append((t2 - t0) * 1e3)
        read.append((t1 - t0) * 1e3)
        compute.append((t2 - t1) * 1e3)
    for habit in result.values():  # DayKeys in the JSON, as the engine names them
        for which in ("current", "longest"):
            s = habit[which]
            habit[which] = {"length": s["length"],
                            "first": None if s["first"] is None else day_key(s["first"]),
                            "last": None if s["last"] is None else day_key(s["last"])}
    json.dump({"timing": {"total_ms": total, "read_ms": read, "compute_ms": compute},
               "python": sys.version.split()[0], "entries": entries, "habits": result}, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
