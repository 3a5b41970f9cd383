#!/usr/bin/env python3
"""An independent oracle for the time core: Python's zoneinfo over the same tz database.

    zoneinfo_oracle.py zones            every zone id zoneinfo knows, one per line
    zoneinfo_oracle.py check CASES OUT  answer each case line of CASES into OUT, in order

Case lines (Unix seconds, day numbers = days since 1970-01-01), each with an optional day
start in seconds after midnight (a user's dayStartsAt; 0 when absent):
    I <zone> <seconds> [<start>]   ->  YYYY-MM-DD  the local date of the instant's wall time
                                                   moved back by the day start
    D <zone> <day>       ->  0                     the day does not exist
                         ->  1 <start> <end> <s1>,<e1>[;<s2>,<e2>...]
                             start = first instant of the day, end = start of the next local
                             date that exists, then every [s, e) with that local date.

Day ranges are computed from zoneinfo's offsets alone: the offsets around the day are
sampled every hour, each change is bisected to the second, and the local date of every
constant-offset segment gives the intervals. Nothing is shared with the Swift engine.
"""
import sys
from bisect import bisect_left, bisect_right
from datetime import datetime, timedelta, timezone
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from zoneinfo import ZoneInfo, available_timezones

EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
DAY = 86400
_zones = {}


def zone(name):
    zi = _zones.get(name)
    if zi is None:
        zi = _zones[name] = ZoneInfo(name)
    return zi


def offset(zi, t):
    return int((EPOCH + timedelta(seconds=t)).astimezone(zi).utcoffset().total_seconds())


def segments(zi, lo, hi):
    """Constant-offset segments [a, b) covering [lo, hi), from hourly samples bisected."""
    out = []
    start, cur = lo, offset(zi, lo)
    t = lo
    while t < hi:
        nxt = min(t + 3600, hi)
        o = offset(zi, nxt)
        if o != cur:
            a, b = t, nxt  # offset(a) == cur, offset(b) != cur: find the first changed second
            while b - a > 1:
                m = (a + b) // 2
                if offset(zi, m) == cur:
                    a = m
                else:
                    b = m
            out.append((start, b, cur))
            start, cur = b, offset(zi, b)
        t = nxt
    out.append((start, hi, cur))
    return out


def intervals(segs, l0):
    res = []
    for a, b, o in segs:
        s, e = max(a, l0 - o), min(b, l0 + DAY - o)
        if s < e:
            if res and res[-1][1] == s:
                res[-1] = (res[-1][0], e)
            else:
                res.append((s, e))
    return res


def day_range(name, day, start=0):
    zi = zone(name)
    l0 = day * DAY + start  # the day runs from its start wall time to the next day's
    segs = segments(zi, l0 - 27 * 3600, l0 + 2 * DAY + 27 * 3600)
    mine = intervals(segs, l0)
    if not mine:
        return "0"
    end = None
    for k in range(1, 8):
        if k == 2:  # the next date was skipped: widen the window (rare)
            segs = segments(zi, l0 - 27 * 3600, l0 + 8 * DAY + 27 * 3600)
        nxt = intervals(segs, l0 + k * DAY)
        if nxt:
            end = nxt[0][0]
            break
    return "1 %d %d %s" % (mine[0][0], end, ";".join("%d,%d" % iv for iv in mine))


def answer(line):
    kind, name, value, *rest = line.split()
    start = int(rest[0]) if rest else 0
    if kind == "I":
        local = (EPOCH + timedelta(seconds=int(value))).astimezone(zone(name))
        return (local.replace(tzinfo=None) - timedelta(seconds=start)).date().isoformat()
    return day_range(name, int(value), start)


def zone_answers(job):
    """The answers to one zone's case lines, `job` = (zone, [(index, line)]). A zone's days
    cluster around its transitions, and each day is asked with several day starts: their
    windows overlap, so the segments are found once over each run of overlapping windows
    (what `day_range` does per day, several times less sampling) and each day reads its own."""
    name, items = job
    zi = zone(name)
    out = []
    days = []
    for i, line in items:
        kind, _, value, *rest = line.split()
        if kind == "I":
            out.append((i, answer(line)))
        else:
            days.append((i, int(value), int(rest[0]) if rest else 0))
    window = lambda day, start: (day * DAY + start - 27 * 3600, day * DAY + start + 2 * DAY + 27 * 3600)
    spans = []
    for lo, hi in sorted(window(d, s) for _, d, s in days):
        if spans and lo <= spans[-1][1]:
            spans[-1][1] = max(spans[-1][1], hi)
        else:
            spans.append([lo, hi])
    segs = [seg for lo, hi in spans for seg in segments(zi, lo, hi)]
    starts = [a for a, _, _ in segs]
    for i, day, start in days:
        lo, hi = window(day, start)
        around = segs[max(bisect_right(starts, lo) - 1, 0):bisect_left(starts, hi)]
        l0 = day * DAY + start
        mine = intervals(around, l0)
        nxt = intervals(around, l0 + DAY) if mine else []
        if not mine:
            out.append((i, "0"))
        elif nxt:
            out.append((i, "1 %d %d %s" % (mine[0][0], nxt[0][0], ";".join("%d,%d" % iv for iv in mine))))
        else:  # the next date was skipped: the wider search
            out.append((i, day_range(name, day, start)))
    return out


def main():
    if sys.argv[1] == "zones":
        print("\n".join(sorted(available_timezones())))
        return
    with open(sys.argv[2]) as f:
        lines = f.read().splitlines()
    jobs = {}
    for i, line in enumerate(lines):
        jobs.setdefault(line.split(" ", 2)[1], []).append((i, line))
    answers = [""] * len(lines)
    # Two worker processes, a zone each at a time. A worker that dies (killed from outside,
    # say) breaks the pool loudly rather than hanging it, as multiprocessing.Pool would; then
    # answer here, alone.
    try:
        with ProcessPoolExecutor(max_workers=2) as pool:
            done = list(pool.map(zone_answers, jobs.items()))
    except BrokenProcessPool:
        print("zoneinfo_oracle: a worker died; answering in one process", file=sys.stderr)
        done = [zone_answers(job) for job in jobs.items()]
    for part in done:
        for i, text in part:
            answers[i] = text
    with open(sys.argv[3], "w") as f:
        f.write("\n".join(answers) + "\n")


if __name__ == "__main__":
    main()
