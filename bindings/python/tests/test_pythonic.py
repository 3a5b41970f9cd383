"""datetime/date arguments and one exception class per error code, in a real python3 process."""
import datetime as dt
import os
import subprocess
import sys
import tempfile
import unittest

import habitflow


class PythonicTests(unittest.TestCase):
    def test_datetime_and_date_arguments(self):
        amsterdam_night = dt.datetime(2024, 3, 30, 23, 30, tzinfo=dt.timezone.utc)
        self.assertEqual(habitflow.day_key("Europe/Amsterdam", amsterdam_night), "2024-03-31")
        plus_two = dt.datetime(2024, 3, 31, 1, 30, tzinfo=dt.timezone(dt.timedelta(hours=2)))
        self.assertEqual(habitflow.day_key("UTC", plus_two), "2024-03-30")
        self.assertEqual(habitflow.day_range("Pacific/Apia", dt.date(2011, 12, 30))["exists"], False)
        self.assertEqual(habitflow.week(dt.date(2024, 1, 3))["start"], "2024-01-01")
        with self.assertRaises(habitflow.InvalidArgumentError):
            habitflow.day_key("UTC", dt.datetime(2024, 1, 1))  # naive: no instant
        with tempfile.TemporaryDirectory() as d:
            now = dt.datetime(2025, 3, 12, 11, tzinfo=dt.timezone.utc)
            with habitflow.Engine(os.path.join(d, "h.sqlite"), user="alice", zone="Europe/Amsterdam", now=now) as hf:
                habit = hf.call("habit.create", name="Read")["habit"]
                hf.log(habit["id"], day=dt.date(2025, 3, 11), confirm=True)
                hf.log(habit["id"], at=now)
                self.assertEqual([e["dayKey"] for e in hf.entries()], ["2025-03-11", "2025-03-12"])
                self.assertEqual(hf.streaks(habit["id"], day=dt.date(2025, 3, 12))["current"]["length"], 2)
                self.assertEqual(len(hf.history(habit["id"], dt.date(2025, 3, 10), dt.date(2025, 3, 12))), 3)

    def test_one_exception_class_per_code(self):
        cases = [
            (habitflow.UnknownZoneError, lambda: habitflow.call("time.dayKey", zone="Nowhere/City", instant="2024-01-01T00:00:00Z")),
            (habitflow.InvalidDateError, lambda: habitflow.call("time.dayRange", zone="UTC", dayKey="2025-02-29")),
            (habitflow.UnknownOpError, lambda: habitflow.call("time.nope")),
            (habitflow.InvalidJSONError, lambda: habitflow.call("time.week", dayKey="\ud800")),
            (habitflow.InvalidArgumentError, lambda: habitflow.call("time.week")),
        ]
        for cls, action in cases:
            with self.assertRaises(cls) as ctx:
                action()
            self.assertIsInstance(ctx.exception, habitflow.HabitFlowError)
            self.assertTrue(ctx.exception.code)
        with tempfile.TemporaryDirectory() as d:
            with habitflow.Engine(os.path.join(d, "h.sqlite"), user="alice", zone="UTC", now="2025-03-12T11:00:00Z") as hf:
                hf.call("habit.create", habitId="read", name="Read")
                with self.assertRaises(habitflow.ConflictError):
                    hf.call("habit.create", habitId="read", name="Again")
                with self.assertRaises(habitflow.NotFoundError) as missing:
                    hf.log("nope")
                self.assertEqual(missing.exception.field, "args.habitId")
                # A name works wherever an id does (issue 29), in any case; a typo gets the closest.
                self.assertEqual(hf.log("Read")["entry"]["habitId"], "read")
                self.assertEqual(hf.streaks("READ")["current"]["length"], 1)
                with self.assertRaises(habitflow.NotFoundError) as typo:
                    hf.log("Raed")
                self.assertIn('did you mean "Read"?', str(typo.exception))
                with self.assertRaises(habitflow.ConfirmationRequired) as ctx:
                    hf.log("read", day="2025-03-01")
                self.assertEqual(ctx.exception.field, "args.confirm")
                self.assertIsNotNone(ctx.exception.impact)
                self.assertIn("days", ctx.exception.impact)
                for i in range(10):
                    hf.create_goal("G%d" % i, "weeklyHabit", target=3)
                with self.assertRaises(habitflow.LimitExceededError):
                    hf.create_goal("G11", "weeklyHabit", target=3)
                alices = hf.call("sync.changes")["changes"]
            with habitflow.Engine(os.path.join(d, "h.sqlite"), user="bob", zone="UTC") as bob:
                with self.assertRaises(habitflow.NotFoundError):
                    bob.log("read")  # ids are per owner: alice's habit is unknown to bob
                with self.assertRaises(habitflow.ForbiddenError):
                    bob.call("sync.apply", changes=alices)  # another user's records
        with self.assertRaises(habitflow.StorageError):
            habitflow.Engine("/proc/version", user="alice", zone="UTC")

    def test_definition_edits_and_goal_lifecycle(self):
        """Issue 27 as a Python host types it: edits apply from a day on, never a past one;
        a goal's new target leaves past weeks alone; delete asks first; restore."""
        with tempfile.TemporaryDirectory() as d:
            now = dt.datetime(2025, 3, 12, 11, tzinfo=dt.timezone.utc)
            with habitflow.Engine(os.path.join(d, "h.sqlite"), user="alice", zone="Europe/Amsterdam", now=now) as hf:
                hf.call("habit.create", habitId="read", name="Read", cadence="weekly", timesPerWeek=3)
                self.assertEqual(hf.update_habit("read", times_per_week=5, cadence="weekly", effective_day=dt.date(2025, 3, 17))["timesPerWeek"], 3)
                with self.assertRaises(habitflow.InvalidArgumentError) as refused:
                    hf.update_habit("read", unit="pages", effective_day=dt.date(2025, 3, 11))
                self.assertIn("past days keep the definition they had", str(refused.exception))
                self.assertEqual(hf.week("read", day=dt.date(2025, 3, 12))["required"], 3)
                self.assertEqual(hf.week("read", day=dt.date(2025, 3, 17))["required"], 5)
                goal = hf.create_goal("Reading", "weeklyHabit", target=3, habit_ids=["read"], start_day="2025-03-03")
                for day in ("2025-03-03", "2025-03-04"):
                    hf.log("read", day=day, confirm=True)
                self.assertEqual(hf.update_goal(goal["id"], target=2)["target"], 2)
                weeks = hf.call("goal.history", goalId=goal["id"])["weeks"]
                self.assertEqual([(w["target"], w["met"]) for w in weeks], [(3, False), (2, False)])
                with self.assertRaises(habitflow.ConfirmationRequired):
                    hf.delete_goal(goal["id"])
                hf.delete_goal(goal["id"], confirm=True)
                with self.assertRaises(habitflow.NotFoundError):
                    hf.goal_progress(goal["id"])
                self.assertEqual(hf.restore_goal(goal["id"])["title"], "Reading")
                self.assertEqual(hf.call("goal.get", goalId=goal["id"])["links"][0]["habitName"], "Read")

    def test_exported_names_exist(self):
        for name in habitflow.__all__:
            self.assertTrue(hasattr(habitflow, name), name)


if __name__ == "__main__":
    unittest.main()


class DataAndChartTests(unittest.TestCase):
    """Issue 15 from Python: export into a new store, charts, strength, Loop's backup."""

    def test_export_import_charts_and_loop(self):
        here = os.path.dirname(os.path.abspath(__file__))
        fixture = os.path.join(here, "..", "..", "..", "Tests", "Fixtures", "make_loop_backup.py")
        now = dt.datetime(2025, 1, 10, 12, tzinfo=dt.timezone.utc)
        with tempfile.TemporaryDirectory() as d:
            with habitflow.Engine(os.path.join(d, "a.sqlite"), user="alice", zone="Europe/Amsterdam", now=now) as a:
                run = a.call("habit.create", habitId="run", name="Run <5k>", kind="numeric", unit="km", target=5)["habit"]
                for day in range(1, 10):
                    a.log(run["id"], value=day, day=dt.date(2025, 1, day), confirm=True)
                points = a.strength(run["id"], dt.date(2025, 1, 1), dt.date(2025, 1, 10), per="day")
                self.assertEqual(len(points), 10)
                self.assertAlmostEqual(points[-1]["strength"], a.momentum(run["id"]), places=12)
                svg = a.chart("calendar", run["id"])
                self.assertTrue(svg.startswith("<svg ") and "Run &lt;5k&gt;" in svg)
                document = a.export()
                self.assertEqual((document["format"], document["version"]), ("habitflow-export", 1))
                self.assertTrue(a.export_csv().startswith("day,habit,habit_id,value,unit,note,source,timestamp_utc,entry_id\r\n"))
                with habitflow.Engine(os.path.join(d, "b.sqlite"), user="alice", zone="Europe/Amsterdam", now=now) as b:
                    self.assertGreater(b.import_data(document)["applied"], 0)
                    self.assertEqual(b.import_data(document)["applied"], 0)
                    self.assertEqual(b.streaks("run"), a.streaks("run"))
                    self.assertEqual(b.entries(), a.entries())
                subprocess.run([sys.executable, fixture, os.path.join(d, "loop")], check=True)
                summary = a.import_loop(os.path.join(d, "loop", "Loop Habits Backup.db"))
                self.assertEqual(summary["entriesCreated"], 12)
                self.assertEqual(a.import_loop(os.path.join(d, "loop", "Loop Habits Backup.db"))["entriesCreated"], 0)
                with self.assertRaises(habitflow.InvalidArgumentError):
                    a.import_loop(os.path.join(d, "nothing-here"))
