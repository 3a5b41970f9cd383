"""Issue 13 through the Python binding (a real python3 process on the shipped .so): strict
input, another program's database, and one user never touching another's records."""
import datetime
import json
import os
import sqlite3
import tempfile
import threading
import types
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


    def test_close_waits_for_the_calls_in_flight(self):
        # Issue 58: close() on one thread while others call crashed the interpreter (the
        # handle was checked, then used with the GIL released). A call in flight finishes
        # whole; close returns after it; later calls raise, naming the closed engine.
        e = habitflow.Engine(self.path, user="alice", zone="UTC", now="2025-06-01T10:00:00Z")
        e.call("habit.create", habitId="h", name="Read")
        e.call("entry.import", entries=[{"habitId": "h", "dayKey": "2024-%02d-%02d" % (m, d),
                                         "timestampUtc": "2024-%02d-%02dT12:00:00Z" % (m, d)}
                                        for m in range(1, 13) for d in range(1, 29)])
        answers, failures, started = [], [], threading.Barrier(5)

        def caller():
            started.wait()
            while True:
                try:
                    answers.append(len(e.export()["records"]))
                except habitflow.InvalidArgumentError as error:
                    failures.append(error.message)
                    return
                except BaseException as error:  # anything else is a break
                    failures.append("unexpected: %r" % error)
                    return

        threads = [threading.Thread(target=caller) for _ in range(4)]
        for t in threads:
            t.start()
        started.wait()
        while not answers:  # at least one whole answer before the close
            pass
        e.close()
        self.assertEqual(e._calls, {})
        for t in threads:
            t.join()
        self.assertEqual(set(answers), {338})
        self.assertEqual(failures, ["the engine is closed"] * 4)
        e.close()  # twice: harmless

    def test_a_backup_larger_than_a_request_restores(self):
        # Issue 58: export() gave a document import_data() refused at the request limit (16
        # MiB); now it goes to the engine as a file. A request that large is refused naming
        # its real size. Its temporary file goes to a folder of this test's own, so another
        # process's import (a concurrent test's) is not taken for one left behind.
        spool = os.path.join(self.dir.name, "spool")
        os.mkdir(spool)
        self.addCleanup(setattr, tempfile, "tempdir", tempfile.tempdir)
        tempfile.tempdir = spool
        note = "A long note, every day. " * 125
        with habitflow.Engine(self.path, user="alice", zone="UTC", now="2026-01-01T10:00:00Z") as e:
            for h in range(4):
                e.call("habit.create", habitId="h%d" % h, name="Habit %d" % h)
                first = datetime.date(2020, 1, 1)
                days = [first + datetime.timedelta(days=n) for n in range(1500)]
                e.call("entry.import", entries=[{"habitId": "h%d" % h, "dayKey": d.isoformat(), "note": note,
                                                 "timestampUtc": d.isoformat() + "T12:00:00Z"} for d in days])
            document = e.export()
        text = json.dumps({"op": "data.import", "args": {"document": document}}, separators=(",", ":")).encode()
        self.assertGreater(len(text), 16 << 20)
        restored = os.path.join(self.dir.name, "restored.sqlite")
        with habitflow.Engine(restored, user="alice", zone="UTC", now="2026-01-01T10:00:00Z") as r:
            error = json.loads(r.call_raw(text))["error"]
            self.assertEqual(error["code"], "limit_exceeded")
            self.assertIn("request is %d bytes" % len(text), error["message"])
            answer = r.import_data(document)
            self.assertEqual(answer["records"], 6005)
            self.assertGreaterEqual(answer["applied"], 6004)  # all but, maybe, the profile made at open
            self.assertEqual(len(r.export()["records"]), len(document["records"]))
            self.assertEqual(r.import_data(document)["applied"], 0)  # twice: nothing changes
            broken = dict(document, records=list(document["records"]))
            broken["records"][100] = dict(broken["records"][100], kind="gadget")
            with self.assertRaises(habitflow.InvalidArgumentError) as caught:
                r.import_data(types.MappingProxyType(broken))  # any Mapping, as every method takes
            self.assertEqual(caught.exception.field, "args.document")
            self.assertIn("records[100].kind", caught.exception.message)
            self.assertNotIn("habitflow-import-", caught.exception.message)
        self.assertEqual(os.listdir(spool), [])

    def test_one_sqlite_in_the_process_loses_nothing(self):
        # Issue 58: the wheel carried its own SQLite. POSIX locks belong to the process, so
        # when Python's sqlite3 closed its connection to the store, it dropped the engine's
        # locks, took itself for the last user, checkpointed and deleted the WAL the engine
        # was writing to: acknowledged writes were lost. The package now loads the
        # interpreter's SQLite, the one copy the process holds.
        mapped = {line.split()[-1] for line in open("/proc/self/maps") if "libsqlite3" in line}
        self.assertEqual(len(mapped), 1, mapped)
        with habitflow.Engine(self.path, user="alice", zone="UTC", now="2025-06-01T10:00:00Z") as e:
            e.call("habit.create", habitId="h", name="Read")
            logged, done = [], threading.Event()

            def peek():
                while not done.is_set():
                    db = sqlite3.connect(self.path)
                    db.execute("SELECT count(*) FROM entries").fetchone()
                    db.close()

            peeker = threading.Thread(target=peek)
            peeker.start()
            try:
                first = datetime.date(2024, 1, 1)
                for n in range(200):
                    day = (first + datetime.timedelta(days=n)).isoformat()
                    e.call("entry.log", habitId="h", dayKey=day, timestampUtc=day + "T12:00:00Z", confirm=True)
                    logged.append(day)
                    db = sqlite3.connect(self.path)  # and one between every two writes, for certain
                    db.execute("SELECT count(*) FROM entries").fetchone()
                    db.close()
            finally:
                done.set()
                peeker.join()
        db = sqlite3.connect(self.path)
        self.assertEqual(db.execute("SELECT count(*) FROM entries").fetchone()[0], len(logged))
        db.close()
        with habitflow.Engine(self.path, user="alice") as e:
            self.assertEqual(len(e.call("entry.list", habitId="h")["entries"]), 200)

    def test_a_forked_child_gets_an_error_not_the_parents_store(self):
        # Issue 58: a handle belongs to the process that opened it. A child's call on the one
        # it inherited raises (never uses the parent's connection and locks); a store of its
        # own opens and writes.
        e = habitflow.Engine(self.path, user="alice", zone="UTC")
        e.call("habit.create", habitId="h", name="Read")
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: says what happened through the pipe, never returns
            said = b"used the parent's"
            try:
                e.call("habit.list")
            except habitflow.InvalidArgumentError as error:
                said = b"refused" if "another process" in error.message else error.message.encode()
            try:
                with habitflow.Engine(os.path.join(self.dir.name, "child.sqlite"), user="bob", zone="UTC") as own:
                    own.call("habit.create", habitId="c", name="Child")
                    said += b", opened its own"
            finally:
                os.write(write, said)
                os._exit(0)
        os.close(write)
        _, status = os.waitpid(pid, 0)
        with os.fdopen(read, "rb") as answer:
            self.assertEqual(answer.read(), b"refused, opened its own")
        self.assertEqual(status, 0)
        self.assertEqual([h["id"] for h in e.call("habit.list")["habits"]], ["h"])  # the parent's handle works
        e.close()

if __name__ == "__main__":
    unittest.main()
