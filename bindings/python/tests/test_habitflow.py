"""The Python package over the real libhabitflow.so, in a real python3 process."""
import threading
import unittest

import habitflow


class TimeTests(unittest.TestCase):
    def test_day_key_string_and_fast_path_agree(self):
        self.assertEqual(habitflow.day_key("Europe/Amsterdam", "2024-03-30T23:30:00Z"), "2024-03-31")
        self.assertEqual(habitflow.day_key("Europe/Amsterdam", 1711841400), "2024-03-31")
        self.assertEqual(habitflow.day_key("Pacific/Kiritimati", 1704105000), "2024-01-02")
        self.assertEqual(habitflow.day_key("Pacific/Pago_Pago", 1704105000), "2023-12-31")

    def test_day_range(self):
        r = habitflow.day_range("America/St_Johns", "2010-11-07")
        self.assertEqual(r["hours"], 25)
        self.assertEqual(len(r["intervals"]), 2)
        self.assertEqual(habitflow.day_range("Australia/Lord_Howe", "2024-10-06")["hours"], 23.5)
        apia = habitflow.day_range("Pacific/Apia", "2011-12-30")
        self.assertEqual(apia, {"exists": False, "start": None, "end": None, "hours": None, "intervals": []})

    def test_week_and_call_forms(self):
        self.assertEqual(habitflow.week("2024-01-03")["start"], "2024-01-01")
        self.assertEqual(habitflow.call({"op": "time.week", "args": {"dayKey": "2024-01-03", "firstWeekday": "sunday"}})["start"],
                         "2023-12-31")
        self.assertEqual(habitflow.call("engine.version")["version"], habitflow.version())
        self.assertEqual(habitflow.version_number(), 1000)


class ErrorTests(unittest.TestCase):
    def assertRefused(self, code, field, fn, *args, **kwargs):
        with self.assertRaises(habitflow.HabitFlowError) as ctx:
            fn(*args, **kwargs)
        self.assertEqual(ctx.exception.code, code)
        self.assertEqual(ctx.exception.field, field)
        self.assertTrue(ctx.exception.message)

    def test_typed_errors_carry_code_and_field(self):
        self.assertRefused("unknown_zone", "args.zone", habitflow.day_key, "Mars/Olympus", "2024-01-01T00:00:00Z")
        self.assertRefused("unknown_zone", "args.zone", habitflow.day_key, "../../etc/passwd", "2024-01-01T00:00:00Z")
        self.assertRefused("unknown_zone", "zone", habitflow.day_key, "/etc/localtime", 0)
        self.assertRefused("invalid_date", "args.instant", habitflow.day_key, "UTC", "2025-02-29T00:00:00Z")
        self.assertRefused("invalid_date", "args.dayKey", habitflow.day_range, "UTC", "2025-02-29")
        self.assertRefused("invalid_date", "instant", habitflow.day_key, "UTC", 1 << 62)
        self.assertRefused("invalid_argument", "args.zone", habitflow.day_key, "UTC\0evil", "2024-01-01T00:00:00Z")
        self.assertRefused("invalid_argument", "zone", habitflow.day_key, "UTC\0evil", 0)
        self.assertRefused("invalid_argument", "args.zone", habitflow.call, "time.dayKey", zone=5, instant="x")
        self.assertRefused("unknown_op", "op", habitflow.call, "time.nope")
        self.assertRefused("limit_exceeded", "args.instant", habitflow.call, "time.dayKey", zone="UTC", instant=10 ** 30)

    def test_malformed_and_oversized_text(self):
        for text in ["{", "", "[1]]", '{"op":"engine.version"} x', "[" * 100 + "]" * 100]:
            response = habitflow.call_raw(text)
            self.assertIn('"ok":false', response, text)
        self.assertIn('"code":"invalid_json"', habitflow.call_raw(b'{"op":"\xff"}'))
        self.assertIn('"code":"limit_exceeded"', habitflow.call_raw(" " * (16 << 20) + "{}"))
        with self.assertRaises(habitflow.HabitFlowError):
            habitflow.call_raw('{"op":"engine.version"}\0')


class VersionTests(unittest.TestCase):
    def test_version_attribute_is_the_library_and_the_package_metadata(self):
        self.assertEqual(habitflow.__version__, habitflow.version())
        self.assertRegex(habitflow.__version__, r"^\d+\.\d+\.\d+$")
        major, minor, patch = map(int, habitflow.__version__.split("."))
        self.assertEqual(habitflow.version_number(), major * 1000000 + minor * 1000 + patch)
        # The package's metadata takes the version from the one place it is set, the header
        # (setup.py reads HF_VERSION; pyproject.toml names it dynamic).
        import os
        import re
        here = os.path.dirname(__file__)
        pyproject = open(os.path.join(here, "..", "pyproject.toml")).read()
        self.assertIn('dynamic = ["version"]', pyproject)
        self.assertNotRegex(pyproject, r'(?m)^version\s*=')
        header = os.path.join(here, "..", "..", "..", "include", "habitflow.h")
        if os.path.exists(header):  # a checkout (the wheel's tests run from a copy of the package)
            self.assertIn('#define HF_VERSION        "%s"' % habitflow.__version__, open(header).read())


class HeaderTests(unittest.TestCase):
    def test_status_table_matches_the_header(self):
        # The package keeps its own copy of the code table (for hf_day_key's statuses).
        import os
        import re
        header = os.path.join(os.path.dirname(__file__), "..", "..", "..", "include", "habitflow.h")
        with open(header) as f:
            defined = dict(re.findall(r'^#define HF_E\w+\s+(\d+)\s+/\* "(\w+)"', f.read(), re.M))
        self.assertEqual({code: int(n) for n, code in defined.items()}, habitflow.STATUS)


class ThreadTests(unittest.TestCase):
    def test_threads_share_one_engine(self):
        failures = []

        def work(zone, expected):
            for _ in range(2000):
                if habitflow.day_key(zone, 1711841400) != expected:
                    failures.append(zone)

        threads = [threading.Thread(target=work, args=("Europe/Amsterdam", "2024-03-31")),
                   threading.Thread(target=work, args=("America/New_York", "2024-03-30"))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(failures, [])


if __name__ == "__main__":
    unittest.main()
