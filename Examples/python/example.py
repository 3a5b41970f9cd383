"""A Python host of HabitFlow Core: which day is it, where, and how long is that day?

    PYTHONPATH=bindings/python python3 Examples/python/example.py
"""
import habitflow

print("habitflow", habitflow.version())
print("dayKey:", habitflow.day_key("Europe/Amsterdam", "2024-03-30T23:30:00Z"))
day = habitflow.day_range("America/St_Johns", "2010-11-07")
print("St. John's 2010-11-07 lasts %s hours in %d pieces" % (day["hours"], len(day["intervals"])))
try:
    habitflow.day_key("Mars/Olympus", "2024-01-01T00:00:00Z")
except habitflow.HabitFlowError as e:
    print("error:", e.code, e.field)
