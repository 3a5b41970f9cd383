#!/usr/bin/env python3
"""Writes the schema-20 store fixture and what its library answered about it (issue 59).

Schema 20 is the store of release 0.1.0. Run once with that release's CLI, never again: the
test (`MigrationFixtureTests`) opens a copy of `store.sqlite` with the current library, which
migrates it when its schema is newer, and compares every record and metric with
`answers.jsonl`. Definitions change over weeks here as a user's do — targets, a pause, a
goal's edit, the first weekday — each on the day it was made (the clock moves between
phases), so date-effective versions, goal versions and earlier first weekdays are all held.

    swift build --product habitflow-cli   (at the release's commit)
    python3 Tests/Fixtures/schema20/make.py .build/debug/habitflow-cli
"""
import datetime
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import fixture  # noqa: E402  (Tests/Fixtures/fixture.py)

NOW = "2025-03-12T11:00:00Z"


def day(n):
    """2025-01-20 (a Monday) plus n days."""
    return (datetime.date(2025, 1, 20) + datetime.timedelta(days=n)).isoformat()


def entries(days):
    """The entries of days `days` (0: 2025-01-20 … 51: 2025-03-12, today), each logged late."""
    out = []
    for n in days:
        d = day(n)
        if n % 7 != 3:
            out.append(("entry.log", {"habitId": "walk", "entryId": f"walk-{n}", "dayKey": d, "confirm": True,
                                      **({"note": "café ☕"} if n % 10 == 0 else {})}))
        if n % 5 != 4 and not 31 <= n <= 35:
            out.append(("entry.log", {"habitId": "run", "entryId": f"run-{n}", "dayKey": d, "value": 3 + n % 5, "confirm": True}))
        for k in range(n % 3):
            out.append(("entry.log", {"habitId": "water", "entryId": f"water-{n}-{k}", "dayKey": d, "value": 700 + 100 * k,
                                      "confirm": True}))
        out.append(("entry.log", {"habitId": "sugar", "entryId": f"sugar-{n}", "dayKey": d, "value": 20 + (n * 7) % 25, "confirm": True}))
        if n % 2 == 0 and not 21 <= n <= 27:
            out.append(("entry.log", {"habitId": "gym", "entryId": f"gym-{n}", "dayKey": d, "confirm": True}))
        if n % 4 != 1:
            out.append(("entry.log", {"habitId": "stretch", "entryId": f"stretch-{n}", "dayKey": d, "confirm": True}))
        if n % 6 == 0:
            out.append(("entry.log", {"habitId": "smoke", "entryId": f"smoke-{n}", "dayKey": d, "value": n % 3, "confirm": True}))
    return out


PHASES = [
    ("2025-01-20T08:00:00Z", [
        ("category.save", {"categoryId": "health", "name": "Health"}),
        ("habit.create", {"habitId": "walk", "name": "Walk", "categoryId": "health"}),
        ("habit.create", {"habitId": "run", "name": "Run", "kind": "numeric", "unit": "km"}),
        ("habit.create", {"habitId": "water", "name": "Water", "kind": "numeric", "unit": "ml", "multiplePerDay": True}),
        ("habit.create", {"habitId": "sugar", "name": "Sugar", "kind": "numeric", "unit": "g", "targetType": "atMost"}),
        ("habit.create", {"habitId": "gym", "name": "Gym", "cadence": "weekly", "timesPerWeek": 3}),
        ("habit.create", {"habitId": "stretch", "name": "Stretch"}),
        ("habit.create", {"habitId": "smoke", "name": "Smoke", "kind": "numeric", "unit": "cigarettes", "targetType": "atMost"}),
        ("bundle.create", {"bundleId": "morning", "name": "Morning", "kind": "all", "habitIds": ["stretch"]}),
        ("target.set", {"habitId": "run", "target": 5}),
        ("target.set", {"habitId": "sugar", "target": 30}),
        ("target.set", {"habitId": "water", "target": 2000}),
        ("target.set", {"habitId": "smoke", "target": 0}),
        ("goal.create", {"goalId": "distance", "title": "Run 200 km", "type": "targetAmount", "kind": "quantity", "target": 200,
                         "unit": "km", "habitIds": ["run"], "startDayKey": "2025-01-20", "categoryId": "health"}),
        ("habit.pause", {"habitId": "gym", "from": "2025-02-10", "to": "2025-02-16"}),
    ]),
    ("2025-02-03T07:30:00Z", [
        ("goal.create", {"goalId": "walks", "title": "Walk 5 a week", "type": "weeklyHabit", "target": 5, "habitIds": ["walk"],
                         "startDayKey": "2025-02-03"}),
        ("target.set", {"habitId": "water", "target": 2500}),
        ("habit.update", {"habitId": "stretch", "name": "Stretch ✓"}),
    ]),
    ("2025-02-20T09:00:00Z", entries(range(0, 31)) + [
        ("habit.pause", {"habitId": "run", "from": "2025-02-20", "to": "2025-02-24"}),
        ("target.set", {"habitId": "run", "target": 6, "effectiveDayKey": "2025-02-25"}),
        ("goal.update", {"goalId": "distance", "target": 250}),
        ("user.update", {"firstWeekday": "sunday"}),
        ("goal.create", {"goalId": "gymweeks", "title": "Gym twice", "type": "weeklyHabit", "target": 2, "habitIds": ["gym"],
                         "startDayKey": "2025-02-09", "durationWeeks": 4}),
    ]),
]


AFTER = [
    ("entry.delete", {"entryId": "walk-40", "confirm": True}),
    ("entry.edit", {"entryId": "run-41", "value": 12, "note": "long run", "confirm": True}),
    ("entry.edit", {"entryId": "walk-42", "dayKey": "2025-02-27", "confirm": True}),
    ("routine.create", {"routineId": "am", "name": "Morning routine", "habitIds": ["walk", "stretch"]}),
    ("routine.start", {"routineId": "am", "executionId": "am-1"}),
    ("journal.createTemplate", {"templateId": "daily", "name": "Daily", "fields": ["Wins", "Lessons"]}),
    ("journal.create", {"journalId": "j1", "templateId": "daily", "responses": {"Wins": "ran", "Lessons": "sleep"},
                        "referencedHabitIds": ["run"]}),
    ("journal.create", {"journalId": "j2", "title": "Note", "text": "Ünïcode ✓ 日本"}),
    ("reflection.save", {"reflectionId": "refl", "entryId": "run-41", "text": "felt strong"}),
    ("wellbeing.log", {"wellbeingId": "mood-1", "metric": "mood", "value": 4}),
    ("wellbeing.log", {"wellbeingId": "sleep-1", "metric": "sleepHours", "value": 7.5, "note": "ok"}),
    ("persona.save", {"personaId": "runner", "name": "Runner", "habitIds": ["run", "walk"], "goalIds": ["distance"]}),
    ("identity.save", {"identityId": "healthy", "name": "Healthy", "habitIds": ["water"]}),
    ("skill.save", {"skillId": "endurance", "name": "Endurance", "habitIds": ["run"]}),
    ("habit.archive", {"habitId": "sugar"}),
]

HABITS = ["walk", "run", "water", "sugar", "gym", "stretch", "morning", "smoke"]
QUESTIONS = (
    [("metrics.today", {}), ("metrics.today", {"dayKey": "2025-03-01"})]
    + [("metrics.streaks", {"habitId": h}) for h in HABITS]
    + [("metrics.momentum", {"habitId": h}) for h in HABITS]
    + [("metrics.strength", {"habitId": h}) for h in HABITS]
    + [("metrics.week", {"habitId": h, "dayKey": d}) for h in HABITS for d in ("2025-02-24", "2025-03-12")]
    + [("metrics.day", {"habitId": h, "dayKey": d}) for h in HABITS for d in ("2025-02-12", "2025-02-21", "2025-03-04", "2025-03-12")]
    + [("goal.progress", {"goalId": g}) for g in ("distance", "walks", "gymweeks")]
    + [("goal.history", {"goalId": g}) for g in ("distance", "walks", "gymweeks")]
    + [("target.get", {"habitId": h, "dayKey": d}) for h in ("run", "gym", "water", "smoke")
       for d in ("2025-01-19", "2025-02-12", "2025-02-22", "2025-03-12")]
    + [("target.list", {"habitId": h}) for h in ("run", "gym", "water", "smoke")]
    + [("time.week", {"dayKey": d}) for d in ("2025-02-12", "2025-03-12")]
    + [("habit.list", {"includeArchived": True}), ("entry.list", {"includeDeleted": True}), ("goal.list", {}),
       ("bundle.list", {}), ("evidence.list", {}), ("journal.list", {}), ("wellbeing.list", {}), ("persona.list", {}),
       ("identity.list", {}), ("skill.list", {}), ("category.list", {}), ("routine.list", {}), ("reflection.list", {}),
       ("user.get", {}), ("sync.changes", {"since": "0"})]
)


def main():
    fixture.write(HERE, sys.argv[1], entries(range(31, 52)) + AFTER, QUESTIONS, NOW, phases=PHASES)


if __name__ == "__main__":
    main()
