#!/usr/bin/env python3
"""Writes the schema-5 store fixture and what its library answered about it (issue 12).

Run once with the CLI of the last schema-5 version (commit d8ade53), never again: the test
(`MigrationFixtureTests`) opens a copy of `store.sqlite` with the current library, which
migrates it, and compares every record and metric with `answers.jsonl`.

    git worktree add /tmp/old5 d8ade53 && (cd /tmp/old5 && swift build --product habitflow-cli)
    python3 Tests/Fixtures/schema5/make.py /tmp/old5/.build/debug/habitflow-cli
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import fixture  # noqa: E402  (Tests/Fixtures/fixture.py)
NOW = "2025-03-12T11:00:00Z"

SETUP = [
    ("category.save", {"categoryId": "health", "name": "Health"}),
    ("habit.create", {"habitId": "walk", "name": "Walk", "categoryId": "health"}),
    ("habit.create", {"habitId": "run", "name": "Run", "kind": "numeric", "unit": "km"}),
    ("habit.create", {"habitId": "water", "name": "Water", "kind": "numeric", "unit": "ml", "multiplePerDay": True}),
    ("habit.create", {"habitId": "sugar", "name": "Sugar", "kind": "numeric", "unit": "g", "targetType": "atMost"}),
    ("habit.create", {"habitId": "gym", "name": "Gym", "cadence": "weekly", "timesPerWeek": 3}),
    ("habit.create", {"habitId": "stretch", "name": "Stretch"}),
    ("bundle.create", {"bundleId": "morning", "name": "Morning", "kind": "all", "habitIds": ["stretch"]}),
    ("target.set", {"habitId": "run", "target": 5, "effectiveDayKey": "2025-01-20", "confirm": True}),
    ("target.set", {"habitId": "run", "target": 0, "effectiveDayKey": "2025-02-20", "confirm": True}),
    ("target.set", {"habitId": "run", "target": 6, "effectiveDayKey": "2025-02-25", "confirm": True}),
    ("target.set", {"habitId": "sugar", "target": 30, "effectiveDayKey": "2025-01-20", "confirm": True}),
    ("target.set", {"habitId": "water", "target": 2000, "effectiveDayKey": "2025-01-20", "confirm": True}),
]


def day(n):
    """2025-01-20 plus n days."""
    import datetime
    return (datetime.date(2025, 1, 20) + datetime.timedelta(days=n)).isoformat()


def entries():
    out = []
    for n in range(52):  # 2025-01-20 … 2025-03-12 (today)
        d = day(n)
        if n % 7 not in (3,):
            out.append(("entry.log", {"habitId": "walk", "entryId": f"walk-{n}", "dayKey": d, "confirm": True,
                                      **({"note": "café ☕"} if n % 10 == 0 else {})}))
        if n % 5 != 4:
            out.append(("entry.log", {"habitId": "run", "entryId": f"run-{n}", "dayKey": d, "value": 3 + n % 5, "confirm": True}))
        for k in range(n % 3):
            out.append(("entry.log", {"habitId": "water", "entryId": f"water-{n}-{k}", "dayKey": d, "value": 700 + 100 * k,
                                      "confirm": True}))
        out.append(("entry.log", {"habitId": "sugar", "entryId": f"sugar-{n}", "dayKey": d, "value": 20 + (n * 7) % 25, "confirm": True}))
        if n % 2 == 0:
            out.append(("entry.log", {"habitId": "gym", "entryId": f"gym-{n}", "dayKey": d, "confirm": True}))
        if n % 4 != 1:
            out.append(("entry.log", {"habitId": "stretch", "entryId": f"stretch-{n}", "dayKey": d, "confirm": True}))
    return out


AFTER = [
    ("entry.delete", {"entryId": "walk-40", "confirm": True}),
    ("entry.edit", {"entryId": "run-41", "value": 12, "note": "long run", "confirm": True}),
    ("entry.edit", {"entryId": "walk-42", "dayKey": "2025-02-27", "confirm": True}),
    ("goal.create", {"goalId": "distance", "title": "Run 200 km", "type": "targetAmount", "kind": "quantity", "target": 200,
                     "unit": "km", "habitIds": ["run"], "startDayKey": "2025-01-20", "categoryId": "health"}),
    ("goal.create", {"goalId": "walks", "title": "Walk 5 a week", "type": "weeklyHabit", "target": 5, "habitIds": ["walk"],
                     "startDayKey": "2025-02-03"}),
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
    ("habit.archive", {"habitId": "sugar"}),
]

# What the old library answered (the test asks the new one the same, on the migrated copy).
HABITS = ["walk", "run", "water", "sugar", "gym", "stretch", "morning"]
QUESTIONS = (
    [("metrics.today", {}), ("metrics.today", {"dayKey": "2025-03-01"})]
    + [("metrics.streaks", {"habitId": h}) for h in HABITS]
    + [("metrics.momentum", {"habitId": h}) for h in HABITS]
    + [("metrics.week", {"habitId": h, "dayKey": d}) for h in HABITS for d in ("2025-02-24", "2025-03-12")]
    + [("metrics.day", {"habitId": h, "dayKey": d}) for h in HABITS for d in ("2025-02-21", "2025-03-04", "2025-03-12")]
    + [("goal.progress", {"goalId": g}) for g in ("distance", "walks")]
    + [("target.get", {"habitId": "run", "dayKey": d}) for d in ("2025-01-19", "2025-02-22", "2025-03-12")]
    + [("habit.list", {"includeArchived": True}), ("entry.list", {"includeDeleted": True}), ("goal.list", {}),
       ("evidence.list", {}), ("journal.list", {}), ("wellbeing.list", {}), ("persona.list", {}), ("identity.list", {}),
       ("category.list", {}), ("routine.list", {}), ("reflection.list", {}), ("user.get", {}),
       ("sync.changes", {"since": "0"})]
)


def main():
    fixture.write(HERE, sys.argv[1], SETUP + entries() + AFTER, QUESTIONS, NOW)

if __name__ == "__main__":
    main()
