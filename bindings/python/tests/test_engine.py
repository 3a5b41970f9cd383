"""habitflow.Engine over a real SQLite file, in a real python3 process."""
import os
import tempfile
import unittest

import habitflow


class EngineTests(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.dir.name, "h.sqlite")

    def tearDown(self):
        self.dir.cleanup()

    def engine(self, **kw):
        kw.setdefault("user", "alice")
        kw.setdefault("zone", "Europe/Amsterdam")
        kw.setdefault("now", "2025-03-12T11:00:00Z")
        return habitflow.Engine(self.path, **kw)

    def test_log_list_and_reopen(self):
        with self.engine() as hf:
            habit = hf.call("habit.create", name="Run", kind="numeric", unit="km")["habit"]
            self.assertEqual(hf.log(habit["id"], value=5)["action"], "created")
            self.assertEqual(hf.log(habit["id"], value=6)["action"], "updated")
        with self.engine() as hf:
            entries = hf.entries()
            self.assertEqual([e["value"] for e in entries], [6])
            self.assertEqual(entries[0]["dayKey"], "2025-03-12")

    def test_metrics_from_the_store_and_inline_agree(self):
        with self.engine() as hf:
            habit = hf.call("habit.create", habitId="read", name="Read")["habit"]
            for day in ["2025-03-10", "2025-03-11", "2025-03-12"]:
                hf.log(habit["id"], day=day, confirm=True)
            self.assertEqual(hf.streaks("read")["current"]["length"], 3)
            self.assertEqual(hf.week("read")["completed"], 3)
            self.assertEqual([d["status"] for d in hf.history("read", "2025-03-09", "2025-03-10")],
                             ["incomplete", "complete"])
            self.assertEqual([t["habitId"] for t in hf.today()], ["read"])
            records = {"user": {"zone": "Europe/Amsterdam"}, "today": "2025-03-12",
                       "habits": hf.habits(), "entries": hf.entries()}
            inline = habitflow.metrics("streaks", records, habitId="read")
            self.assertEqual(inline, hf.streaks("read"))
            self.assertAlmostEqual(habitflow.metrics("momentum", records, habitId="read")["momentum"],
                                   hf.momentum("read"), places=12)
            with self.assertRaises(habitflow.HabitFlowError) as ctx:
                habitflow.metrics("streaks", {"user": {"zone": "Nowhere/City"}}, habitId="read")
            self.assertEqual((ctx.exception.code, ctx.exception.field), ("unknown_zone", "args.records.user.zone"))

    def test_goals(self):
        with self.engine() as hf:
            hf.call("habit.create", habitId="run", name="Run", kind="numeric", unit="km", multiplePerDay=True)
            hf.create_goal("Run 100 km", "targetAmount", 100, ["run"], goal_id="g", kind="quantity", unit="km")
            hf.goal_log("g", "run", value=60)
            hf.log("run", value=15)
            self.assertEqual(hf.goal_progress("g")["progress"]["fraction"], "75/100")
            self.assertEqual([(g["id"], p["percent"]) for g, p in hf.goals()], [("g", 75)])
            # None is JSON's null, sent; an argument left out is not sent (issue 29).
            eight = hf.create_goal("Eight weeks", "weeklyHabit", 2, {"run"}, duration_weeks=8)
            self.assertEqual(hf.update_goal(eight["id"], title="Still eight")["durationWeeks"], 8)
            self.assertIsNone(hf.update_goal("Still eight", duration_weeks=None)["durationWeeks"])
            with self.assertRaises(habitflow.HabitFlowError) as ctx:
                hf.goal_progress("missing")
            self.assertEqual((ctx.exception.code, ctx.exception.field), ("not_found", "args.goalId"))

    def test_routines_evidence_journal_wellbeing(self):
        with self.engine() as hf:
            hf.call("habit.create", habitId="stretch", name="Stretch")
            hf.call("routine.create", routineId="morning", name="Morning", habitIds=["stretch"])
            started = hf.start_routine("morning")
            self.assertEqual(hf.entries(), [])  # a routine never logs
            evidence = hf.evidence()
            self.assertEqual([e["habitId"] for e in evidence], ["stretch"])
            self.assertEqual(hf.confirm_evidence(evidence[0]["id"])["action"], "created")
            self.assertEqual(hf.confirm_evidence(evidence[0]["id"])["action"], "unchanged")
            self.assertEqual(started["execution"]["routineId"], "morning")
            hf.journal("a good morning", referenced_habit_ids=["stretch"])
            hf.log_wellbeing("mood", 4)
            self.assertEqual(hf.wellbeing_trend("mood", "2025-03-01", "2025-03-12")["mean"], 4)
            with self.assertRaises(habitflow.HabitFlowError) as ctx:
                hf.dismiss_evidence("nope")
            self.assertEqual((ctx.exception.code, ctx.exception.field), ("not_found", "args.evidenceId"))

    def test_sync_between_two_stores(self):
        other = os.path.join(self.dir.name, "other.sqlite")
        with self.engine() as a, habitflow.Engine(other, user="alice", zone="UTC", now="2025-03-12T11:00:00Z") as b:
            a.call("habit.create", habitId="read", name="Read")
            a.sync_with(b)
            a.log("read")
            b.log("read", source="import")
            sent, received = a.sync_with(b)
            self.assertEqual((sent["repairs"], received["repairs"]), (1, 1))
            self.assertEqual([e["source"] for e in a.entries()], ["manual"])
            self.assertEqual([e["source"] for e in b.entries()], ["manual"])
            self.assertEqual(b.call("sync.repairs")["repairs"][0]["reason"], "intent")
            with self.assertRaises(habitflow.HabitFlowError) as ctx:
                b.sync_apply([{"kind": "nope", "stamp": "0001741777200000.000000.rx", "record": {}}])
            self.assertEqual((ctx.exception.code, ctx.exception.field), ("invalid_argument", "args.changes[0].kind"))

    def test_confirmation_required_carries_the_days(self):
        with self.engine() as hf:
            habit = hf.call("habit.create", name="Read")["habit"]
            with self.assertRaises(habitflow.HabitFlowError) as ctx:
                hf.log(habit["id"], day="2025-03-01")
            self.assertEqual(ctx.exception.code, "confirmation_required")
            self.assertEqual(ctx.exception.details["affectedDays"], ["2025-03-01"])
            impact = ctx.exception.details["impact"]  # what the backfill would change
            self.assertEqual(impact["days"], [{"dayKey": "2025-03-01", "before": "incomplete", "after": "complete"}])
            self.assertEqual(impact["longestStreak"], {"before": 0, "after": 1})
            self.assertEqual(hf.entries(), [])
            self.assertEqual(hf.log(habit["id"], day="2025-03-01", confirm=True)["entry"]["dayKey"], "2025-03-01")

    def test_open_errors_are_typed(self):
        with self.assertRaises(habitflow.HabitFlowError) as ctx:
            habitflow.Engine(self.path, user="alice", zone="Mars/Base")
        self.assertEqual((ctx.exception.code, ctx.exception.field), ("unknown_zone", "options.zone"))
        with self.assertRaises(habitflow.HabitFlowError) as ctx:
            habitflow.Engine(self.path, user="../x", zone="UTC")
        self.assertEqual(ctx.exception.field, "options.user")
        with self.assertRaises(habitflow.HabitFlowError):
            habitflow.Engine(self.path, user="alice\0x", zone="UTC")

    def test_closed_engine_refuses(self):
        hf = self.engine()
        hf.close()
        hf.close()
        with self.assertRaises(habitflow.HabitFlowError):
            hf.call("user.get")

    def test_bad_input_changes_nothing(self):
        with self.engine() as hf:
            habit = hf.call("habit.create", habitId="h1", name="Walk")["habit"]
            hf.log(habit["id"], entry_id="e1")
            before = (hf.habits(), hf.entries(include_deleted=True))
            bad = [
                ("entry.log", {"habitId": "h1", "value": 3}, "invalid_argument", "args.value"),
                ("entry.log", {"habitId": "nope"}, "not_found", "args.habitId"),
                ("entry.log", {"habitId": "h1", "timestampUtc": "2025-02-30T00:00:00Z"}, "invalid_date", "args.timestampUtc"),
                ("entry.log", {"habitId": "h1", "entryId": "a/b"}, "invalid_argument", "args.entryId"),
                ("entry.edit", {"entryId": "e1", "dayKey": "2025-03-11"}, "confirmation_required", "args.confirm"),
                ("entry.delete", {"entryId": "e1"}, "confirmation_required", "args.confirm"),
                ("habit.create", {"name": "   "}, "invalid_argument", "args.name"),
                ("target.set", {"habitId": "h1", "effectiveDayKey": "2025-03-20", "target": -1}, "invalid_argument", "args.target"),
                ("entry.log", {"habitId": "h1", "note": "x" * 5000}, "limit_exceeded", "args.note"),
            ]
            for op, args, code, field in bad:
                with self.assertRaises(habitflow.HabitFlowError, msg=op) as ctx:
                    hf.call(op, **args)
                self.assertEqual((ctx.exception.code, ctx.exception.field), (code, field), op)
            self.assertIn('"code":"invalid_json"', hf.call_raw("{"))
            self.assertEqual((hf.habits(), hf.entries(include_deleted=True)), before)


if __name__ == "__main__":
    unittest.main()
