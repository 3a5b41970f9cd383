"""A month of habits with the habitflow package: two habits, a month of logs, then streaks
and strength. Runs anywhere the package is installed (pip install ./bindings/python, or the
wheel scripts/build-lib writes) — no environment variable, no Swift toolchain."""
import datetime as dt
import tempfile

import habitflow

start = dt.date(2025, 3, 1)
with tempfile.TemporaryDirectory() as folder, \
        habitflow.Engine(folder + "/habits.sqlite", user="me", zone="Europe/Amsterdam",
                         now=dt.datetime(2025, 3, 31, 20, tzinfo=dt.timezone.utc)) as hf:
    read = hf.call("habit.create", name="Read")["habit"]["id"]
    run = hf.call("habit.create", name="Run", kind="numeric", unit="km", target=5)["habit"]["id"]  # 5 km a day, all month
    for i in range(31):
        day = start + dt.timedelta(days=i)
        if i % 7 != 3:
            hf.log(read, day=day, confirm=True)
        hf.log(run, value=4 + i % 3, day=day, confirm=True)
    for habit_id, name in [(read, "Read"), (run, "Run")]:
        streaks = hf.streaks(habit_id)
        print("%s: current %d, longest %d, strength %.0f%%" % (
            name, streaks["current"]["length"], streaks["longest"]["length"], 100 * hf.momentum(habit_id)))
