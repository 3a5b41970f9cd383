"""A small habit app written against the typed API (issue 29), as a Python developer would:
names where ids go, ``date``/``datetime`` values, snake_case keywords, typed results. The tests
run it and check it with ``mypy --strict`` (a misspelt keyword such as ``valeu=`` fails there).

    python3 Examples/python/app.py
"""
from __future__ import annotations

import datetime as dt
import tempfile
from typing import List

import habitflow

NOW = dt.datetime(2025, 3, 12, 19, 30, tzinfo=dt.timezone.utc)


def week_of_running(hf: habitflow.Engine, days: List[dt.date]) -> int:
    """Logs a run on each day (a past day needs confirmation); returns how many were new."""
    created = 0
    for i, day in enumerate(days):
        try:
            result = hf.log("Run", 5.0 + i, day=day, note="river loop")
        except habitflow.ConfirmationRequired as refused:
            print("confirm %s? it moves %s" % (day.isoformat(), ", ".join(sorted(refused.impact or {}))))
            result = hf.log("Run", 5.0 + i, day=day, note="river loop", confirm=True)
        if result["action"] == "created":
            created += 1
    return created


def main() -> None:
    with tempfile.TemporaryDirectory() as folder, \
            habitflow.Engine(folder + "/app.sqlite", user="me", zone="Europe/Amsterdam", now=NOW) as hf:
        hf.create_habit("Run", kind="numeric", unit="km", target=5)
        hf.create_habit("Read")
        hf.create_goal("Run 100 km", "targetAmount", 100, ["Run"], kind="quantity", unit="km")
        today = dt.date(2025, 3, 12)
        print("new runs:", week_of_running(hf, [today - dt.timedelta(days=n) for n in (2, 1, 0)]))
        hf.log("read", at=NOW - dt.timedelta(hours=1))  # any case, an aware datetime
        for row in hf.today():
            print("%-5s %-10s streak %d" % (row["name"], row["status"], row["currentStreak"]["length"]))
        streaks = hf.streaks("Run")
        print("Run: current %d, longest %d" % (streaks["current"]["length"], streaks["longest"]["length"]))
        strength = hf.metrics_strength("Run", per="week", end=today)
        assert strength["now"] == hf.momentum("Run")  # one "strength now" everywhere
        print("strength now %.0f%% over %d weeks" % (100 * strength["now"], len(strength["points"])))
        for goal, progress in hf.goals():
            print("%s: %s (%.0f%%)" % (goal["title"], progress["fraction"], progress["percent"]))


if __name__ == "__main__":
    main()
