"""Where zones come from (issue 32): an Engine's own tz data, the module's, and refusals."""
import os
import sys
import tempfile
import unittest

import habitflow


sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "Tests", "Fixtures"))
from tzdata_file import android_file  # noqa: E402


class TZDataTests(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.file = os.path.join(self.dir.name, "tzdata")
        with open(self.file, "wb") as f:
            f.write(android_file(["Europe/Amsterdam", "UTC"], planted={"Europe/Amsterdam": "Asia/Tokyo"}))

    def tearDown(self):
        self.dir.cleanup()

    def test_an_engine_reads_the_file_it_names(self):
        with habitflow.Engine(":memory:", user="u", zone="UTC", tzdata=self.file, tzdata_only=True) as hf:
            info = hf.call("engine.info")["tzdata"]
            self.assertEqual((info["source"], info["version"], info["path"]), ("file", "2025b", self.file))
            self.assertEqual([s["source"] for s in info["sources"]], ["file"])
            day = hf.call("time.dayKey", zone="Europe/Amsterdam", instant="2024-03-31T20:00:00Z")["dayKey"]
            self.assertEqual(day, "2024-04-01")  # Tokyo's day: the file answered
            with self.assertRaises(habitflow.UnknownZoneError):
                hf.call("time.dayKey", zone="Europe/Berlin", instant="2024-03-31T20:00:00Z")

    def test_then_the_system_then_the_embedded_copy(self):
        with habitflow.Engine(":memory:", user="u", zone="UTC", tzdata=self.file) as hf:
            info = hf.call("engine.info")["tzdata"]
            self.assertEqual([s["source"] for s in info["sources"]], ["file", "system", "embedded"])
            day = hf.call("time.dayKey", zone="Europe/Berlin", instant="2024-03-31T20:00:00Z")["dayKey"]
            self.assertEqual(day, "2024-03-31")
        with habitflow.Engine(":memory:", user="u", zone="UTC", tzdata="embedded", tzdata_only=True) as hf:
            self.assertEqual(hf.call("engine.info")["tzdata"]["source"], "embedded")

    def test_tz_data_that_cannot_be_used_is_refused_naming_it(self):
        broken = os.path.join(self.dir.name, "broken")
        with open(self.file, "rb") as f, open(broken, "wb") as g:
            g.write(f.read()[:100])
        for path in (broken, os.path.join(self.dir.name, "missing")):
            with self.assertRaises(habitflow.InvalidArgumentError) as caught:
                habitflow.Engine(":memory:", user="u", zone="UTC", tzdata=path)
            self.assertEqual(caught.exception.field, "options.tzdata")
            self.assertIn(path, str(caught.exception))
        with self.assertRaises(habitflow.InvalidArgumentError) as caught:
            habitflow.set_tzdata(broken)
        self.assertIn(broken, str(caught.exception))

    def test_the_module_reports_its_tz_data(self):
        info = habitflow.tzdata()
        self.assertIn(info["source"], ("file", "system", "embedded"))
        self.assertTrue(info["sources"])


if __name__ == "__main__":
    unittest.main()
