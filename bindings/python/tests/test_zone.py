"""habitflow.Zone (hf_zone_*) against Python's own zoneinfo, in a real python3 process."""
import datetime as dt
import random
import unittest
from zoneinfo import ZoneInfo

import habitflow

UTC = dt.timezone.utc


def zoneinfo_day_key(zone, seconds):
    return (dt.datetime(1970, 1, 1, tzinfo=UTC) + dt.timedelta(seconds=seconds)).astimezone(zone).date().isoformat()


def zoneinfo_start(zone, day):
    """Temporal's startOfDay by a plain minute scan around local midnight (the oracle)."""
    midnight = dt.datetime.combine(day, dt.time(), tzinfo=UTC)
    probe = int(midnight.timestamp()) - 30 * 3600
    while zoneinfo_day_key(zone, probe) < day.isoformat():
        probe += 60
    return probe if zoneinfo_day_key(zone, probe) == day.isoformat() else None


class ZoneTests(unittest.TestCase):
    def test_named_days(self):
        with habitflow.Zone("Europe/Amsterdam") as ams:
            self.assertEqual(ams.day_key(1711841400), "2024-03-31")
            self.assertEqual(ams.day_key(dt.datetime(2024, 3, 30, 23, 30, tzinfo=UTC)), "2024-03-31")
            self.assertEqual(ams.day_range(dt.date(2025, 3, 30))["hours"], 23.0)
        self.assertFalse(habitflow.Zone("Pacific/Apia").day_range("2011-12-30")["exists"])
        self.assertEqual(len(habitflow.Zone("America/St_Johns").day_range("2010-11-07")["intervals"]), 2)
        # A day start (issue 16): 03:30 on the 30th is the 29th when days begin at 04:00.
        self.assertEqual(habitflow.day_key("Europe/Amsterdam", "2025-03-30T01:30:00Z"), "2025-03-30")
        self.assertEqual(habitflow.call("time.dayKey", zone="Europe/Amsterdam", instant="2025-03-30T01:30:00Z",
                                        dayStartsAt="04:00")["dayKey"], "2025-03-29")
        with self.assertRaises(habitflow.InvalidArgumentError) as ctx:
            habitflow.call("time.dayRange", zone="UTC", dayKey="2025-01-01", dayStartsAt="4am")
        self.assertEqual(ctx.exception.field, "args.dayStartsAt")
        for bad in ["Nowhere/City", "posixrules", "right/UTC", "../etc/passwd"]:
            with self.assertRaises(habitflow.UnknownZoneError):
                habitflow.Zone(bad)
        with self.assertRaises(habitflow.InvalidDateError):
            habitflow.Zone("UTC").day_range("2025-02-29")
        z = habitflow.Zone("UTC")
        z.close()
        z.close()
        with self.assertRaises(habitflow.InvalidArgumentError):
            z.day_key(0)

    def test_agrees_with_zoneinfo(self):
        rng = random.Random(20261124)
        names = ["Europe/Amsterdam", "America/St_Johns", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Apia",
                 "America/Sao_Paulo", "Africa/Casablanca", "Pacific/Chatham", "Asia/Tehran", "America/Havana"]
        for name in names:
            ours, theirs = habitflow.Zone(name), ZoneInfo(name)
            for _ in range(300):
                s = rng.randrange(-2208988800, 4102444800)  # 1900-2100
                self.assertEqual(ours.day_key(s), zoneinfo_day_key(theirs, s), (name, s))
            for _ in range(20):
                day = dt.date(1970, 1, 1) + dt.timedelta(days=rng.randrange(0, 365 * 60))
                got = ours.day_range(day)
                self.assertEqual(got["start"], zoneinfo_start(theirs, day), (name, day))


if __name__ == "__main__":
    unittest.main()
