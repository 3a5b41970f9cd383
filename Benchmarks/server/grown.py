"""A year of logging pushed through habitflow-server, as devices would push it: each user a
profile and 5 habits, then DAYS days in order, each day's 5 entries in one push, the users'
days interleaved (every user's day 1, then every user's day 2, ...), so the server's tables and
indexes grow as a year of use grows them. Entries as the engine makes them: UUID ids, a log
time within the day (a tenth edited an hour later), a value on every other habit, a note on
one in twenty. scripts/bench-server divides the database's growth by the entries pushed.
Prints one JSON line: entries pushed and seconds.

    python3 Benchmarks/server/grown.py URL TOKENS_FILE DAYS
TOKENS_FILE holds one `user token` pair per line.
"""
import datetime
import json
import random
import sys
import threading
import time
import uuid
from typing import Any, Dict, List

from load import Connection

STAMP = "%016d.%06d.r%s"
FIRST_DAY = datetime.date(2025, 1, 1)
THREADS = 8


def iso(moment: datetime.datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def profile(user: str, habits: List[str]) -> List[Dict[str, Any]]:
    t = "2025-01-01T06:00:00Z"
    changes: List[Dict[str, Any]] = [{"kind": "user", "stamp": STAMP % (1_735_700_000_000, 0, user), "record": {
        "id": user, "zone": "Europe/Berlin", "firstWeekday": 1, "createdAt": t, "updatedAt": t, "dayStartsAt": 0}}]
    for h, habit in enumerate(habits):
        changes.append({"kind": "habit", "stamp": STAMP % (1_735_700_000_000, 1 + h, user), "record": {
            "id": habit, "ownerId": user, "name": "Habit %d" % h, "kind": "numeric", "unit": "min", "cadence": "daily",
            "timesPerWeek": None, "targetType": "atLeast", "multiplePerDay": 0, "categoryId": None, "archived": 0,
            "legacyGoal": None, "createdAt": t, "createdDayKey": "2025-01-01", "updatedAt": t, "deletedAt": None,
            "bundle": None, "bundleId": None}})
    return changes


def day_of(user: str, habits: List[str], day: int, rng: random.Random) -> List[Dict[str, Any]]:
    date = FIRST_DAY + datetime.timedelta(days=day)
    changes = []
    for h, habit in enumerate(habits):
        at = datetime.datetime(date.year, date.month, date.day, 6) + datetime.timedelta(seconds=rng.randrange(57_600))
        edited = at + datetime.timedelta(hours=1) if rng.randrange(10) == 0 else at
        ms = int(edited.replace(tzinfo=datetime.timezone.utc).timestamp() * 1000)
        changes.append({"kind": "entry", "stamp": STAMP % (ms, h, user), "record": {
            "id": str(uuid.UUID(int=rng.getrandbits(128), version=4)), "habitId": habit, "timestampUtc": iso(at),
            "dayKey": date.isoformat(), "value": 12.5 if h % 2 == 0 else None,
            "note": "felt good after the walk" if rng.randrange(20) == 0 else None, "source": "manual",
            "createdAt": iso(at), "updatedAt": iso(edited), "deletedAt": None, "multiplePerDay": 0}})
    return changes


def main() -> None:
    url, days = sys.argv[1], int(sys.argv[3])
    pairs = [line.split() for line in open(sys.argv[2]) if line.strip()]
    rng = random.Random(61)
    habits = {user: [str(uuid.UUID(int=rng.getrandbits(128), version=4)) for _ in range(5)] for user, _ in pairs}
    # A barrier per day keeps the users' days interleaved across the threads.
    barrier = threading.Barrier(THREADS)
    pushed: List[int] = []
    errors: List[str] = []

    def work(part: List[List[str]], seed: int) -> None:
        conn, rng = Connection(url), random.Random(seed)
        for day in range(-1, days):
            for user, token in part:
                changes = profile(user, habits[user]) if day < 0 else day_of(user, habits[user], day, rng)
                status, data = conn.request("POST", "/v1/changes", token, json.dumps({"changes": changes}).encode())
                if status != 200:
                    errors.append("%d %s" % (status, data[:200].decode(errors="replace")))
                elif day >= 0:
                    pushed.append(len(changes))
            barrier.wait()
        conn.close()

    threads = [threading.Thread(target=work, args=(pairs[i::THREADS], i)) for i in range(THREADS)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        sys.exit("grown: %d pushes refused, the first: %s" % (len(errors), errors[0]))
    print(json.dumps({"entries": sum(pushed), "seconds": round(time.perf_counter() - start, 1)}))


if __name__ == "__main__":
    main()
