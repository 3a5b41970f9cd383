"""Issue 13 through the Python binding (a real python3 process on the shipped .so): strict
input, another program's database, and one user never touching another's records."""
import json
import os
import sqlite3
import tempfile
import unittest

import habitflow


class HardeningTests(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.dir.name, "h.sqlite")

    def tearDown(self):
        self.dir.cleanup()

    def code(self, request_bytes):
        return json.loads(habitflow.call_raw(request_bytes)).get("error", {}).get("code")

    def test_malformed_utf8_and_lone_surrogates_are_invalid_json(self):
        head = b'{"op":"time.dayKey","args":{"zone":"Europe/'
        tail = b'","instant":"2024-03-30T23:30:00Z"}}'
        for bad in [b"\xc0\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\\ud800", b"\\udc00"]:
            self.assertEqual(self.code(head + bad + tail), "invalid_json", bad)
        self.assertIsNone(self.code(b'{"op":"time.dayKey","args":{"zone":"Europe/Amsterdam","instant":"2024-03-30T23:30:00Z"}}'))

    def test_request_id_is_a_short_scalar_and_zones_are_zones(self):
        base = '{"op":"time.week","args":{"dayKey":"2024-01-03"},"requestId":%s}'
        self.assertEqual(json.loads(habitflow.call_raw(base % '"r1"'))["requestId"], "r1")
        for bad in ['{"a":1}', "[1]", "true", '"%s"' % ("x" * 300)]:
            response = json.loads(habitflow.call_raw(base % bad))
            self.assertEqual((response["error"]["code"], response["error"]["field"], response["requestId"]),
                             ("invalid_argument", "requestId", None))
        for zone in ["posixrules", "right/UTC", "posix/Europe/Amsterdam"]:
            with self.assertRaises(habitflow.HabitFlowError) as ctx:
                habitflow.call("time.dayKey", zone=zone, instant="2024-01-01T00:00:00Z")
            self.assertEqual(ctx.exception.code, "unknown_zone")

    def test_a_value_that_holds_itself_is_refused_and_writes_nothing(self):
        with habitflow.Engine(self.path, user="alice", zone="UTC") as alice:
            loop = {"name": "Walk"}
            loop["self"] = loop
            for args in [{"habitId": "h1", "name": "Walk", "extra": loop}, {"habitId": "h1", "name": [loop]}]:
                with self.assertRaises(habitflow.HabitFlowError) as ctx:
                    alice.call("habit.create", **args)
                self.assertEqual(ctx.exception.code, "invalid_argument")
                self.assertIn("holds itself", ctx.exception.message)
            self.assertEqual(alice.call("habit.list")["habits"], [])

    def test_another_programs_database_is_refused_and_untouched(self):
        other = os.path.join(self.dir.name, "notes.db")
        db = sqlite3.connect(other)
        db.execute("CREATE TABLE notes (text TEXT)")
        db.execute("INSERT INTO notes VALUES ('keep me')")
        db.commit()
        db.close()
        before = open(other, "rb").read()
        with self.assertRaises(habitflow.HabitFlowError) as ctx:
            habitflow.Engine(other, user="alice", zone="UTC")
        self.assertEqual(ctx.exception.code, "storage")
        self.assertEqual(open(other, "rb").read(), before)

    def test_bob_cannot_file_a_habit_under_alices_category(self):
        with habitflow.Engine(self.path, user="alice", zone="UTC") as alice:
            alice.call("category.save", categoryId="a-cat", name="Alice's")
            before = alice.call("sync.changes")["changes"]
        with habitflow.Engine(self.path, user="bob", zone="UTC") as bob:
            with self.assertRaises(habitflow.NotFoundError):
                bob.call("habit.create", name="Run", categoryId="a-cat")
            # Ids are per owner: the same id makes a category of bob's own.
            self.assertEqual(bob.call("category.save", categoryId="a-cat", name="Bob's")["category"]["name"], "Bob's")
            self.assertEqual(bob.call("habit.create", name="Run", categoryId="a-cat")["habit"]["categoryId"], "a-cat")
        with habitflow.Engine(self.path, user="alice", zone="UTC") as alice:
            self.assertEqual(alice.call("sync.changes")["changes"], before)
            self.assertEqual([c["name"] for c in alice.call("category.list")["categories"]], ["Alice's"])


    def test_file_names_are_file_names(self):
        # Issue 58: bytes opened "./b'...'" (the repr); a path of any form is the file.
        with habitflow.Engine(os.fsencode(self.path), user="alice", zone="UTC") as e:
            e.call("habit.create", habitId="h", name="Read")
        for form in (self.path, __import__("pathlib").Path(self.path)):
            with habitflow.Engine(form, user="alice") as e:
                self.assertEqual([h["id"] for h in e.call("habit.list")["habits"]], ["h"])
        with self.assertRaises(habitflow.InvalidArgumentError) as caught:
            habitflow.Engine(42, user="alice", zone="UTC")
        self.assertEqual(caught.exception.field, "path")

    def test_non_finite_numbers_are_limit_exceeded_as_in_c(self):
        # Issue 58: the protocol and C answer limit_exceeded for a number JSON cannot carry.
        for bad in (float("nan"), float("inf"), -float("inf")):
            with self.assertRaises(habitflow.LimitExceededError):
                habitflow.call("time.dayKey", zone="UTC", instant=bad)
        self.assertEqual(json.loads(habitflow.call_raw(b'{"op":"time.dayKey","args":{"zone":"UTC","instant":1e999}}'))
                         ["error"]["code"], "limit_exceeded")


if __name__ == "__main__":
    unittest.main()
