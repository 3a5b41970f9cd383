"""Writes Loop Habit Tracker data the way Loop does, for the import tests: a backup database
in Loop's schema 25 (Habits, Repetitions; timestamps in ms at 00:00 UTC of the local day,
numerical values x 1000) and a CSV export (Habits.csv and NNN Name/Checkmarks.csv), as a
folder and as the zip Loop shares.

    python3 make_loop_backup.py OUTDIR
"""
import os
import sqlite3
import sys
import zipfile

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
DAY = 86_400_000
JAN1 = 1735689600000  # 2025-01-01T00:00:00Z


def day(n):
    return JAN1 + (n - 1) * DAY


db = sqlite3.connect(os.path.join(out, "Loop Habits Backup.db"))
db.executescript("""
CREATE TABLE Habits (id INTEGER PRIMARY KEY AUTOINCREMENT, archived INTEGER, color INTEGER, description TEXT,
    freq_den INTEGER, freq_num INTEGER, highlight INTEGER, name TEXT, position INTEGER, reminder_hour INTEGER,
    reminder_min INTEGER, reminder_days INTEGER NOT NULL DEFAULT 127, type INTEGER NOT NULL DEFAULT 0,
    target_type INTEGER NOT NULL DEFAULT 0, target_value REAL NOT NULL DEFAULT 0, unit TEXT NOT NULL DEFAULT "",
    question TEXT, uuid TEXT);
CREATE TABLE Repetitions (id INTEGER PRIMARY KEY AUTOINCREMENT, habit INTEGER NOT NULL REFERENCES Habits(id),
    timestamp INTEGER NOT NULL, value INTEGER NOT NULL, notes TEXT);
PRAGMA user_version = 25;
""")
habits = [
    # id, archived, desc, den, num, name, position, type, target_type, target_value, unit, uuid
    (1, 0, "", 1, 1, "Meditate", 0, 0, 0, 0, "", "0f1c2d3e4b5a69788796a5b4c3d2e1f0"),
    (2, 0, "", 7, 3, "Run", 1, 1, 0, 5.0, "km", "11112222333344445555666677778888"),
    (3, 1, "", 3, 2, "Water", 2, 0, 0, 0, "", "99990000aaaabbbbccccddddeeeeffff"),
    (4, 0, "", 1, 1, "Sugar", 3, 1, 1, 30.0, "g", "sugar-uuid-0001"),
]
for h in habits:
    db.execute("INSERT INTO Habits (id, archived, description, freq_den, freq_num, name, position, type, target_type,"
               " target_value, unit, uuid, color, highlight) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,0,0)", h)
reps = [
    # Meditate: done 1-3, SKIP on 4, done 5, NO 6, YES_AUTO 7, UNKNOWN 8, done 9-10; one note.
    (1, 1, 2, "first day"), (1, 2, 2, None), (1, 3, 2, None), (1, 4, -3, None), (1, 5, 2, None), (1, 6, 0, None),
    (1, 7, 1, None), (1, 8, -1, None), (1, 9, 2, None), (1, 10, 2, None),
    # Run (3 per week, 5 km): 5.2 km, 3 km, a skip, a zero.
    (2, 2, 5200, None), (2, 3, 3000, None), (2, 6, -3, None), (2, 8, 0, None),
    # Water (2 every 3 days; archived): done on 1 and 2, an old-style SKIP (3) on 3.
    (3, 1, 2, None), (3, 2, 2, None), (3, 3, 3, None),
    # Sugar (at most 30 g): 20 g, 45 g.
    (4, 9, 20000, None), (4, 10, 45000, None),
]
for habit, n, value, notes in reps:
    db.execute("INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES (?,?,?,?)", (habit, day(n), value, notes))
db.commit()
db.close()

# The CSV export: symbolic values for Meditate, amounts for Run, integer codes for Water.
folder = os.path.join(out, "csv")
os.makedirs(folder, exist_ok=True)
with open(os.path.join(folder, "Habits.csv"), "w", newline="") as f:
    f.write("Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\n")
    f.write('001,Meditate,YES_NO,,"Sit, breathe",1,1,#FF8F00,,,,false\n')
    f.write("002,Run,NUMERICAL,,,3,7,#FF8F00,km,AT_LEAST,5.0,false\n")
    f.write("003,Water,YES_NO,,,2,3,#FF8F00,,,,true\n")
checks = {
    "001 Meditate": ["2025-01-10,YES_MANUAL,", "2025-01-09,YES_MANUAL,", "2025-01-08,UNKNOWN,", "2025-01-07,YES_AUTO,",
                     "2025-01-06,NO,", "2025-01-05,YES_MANUAL,", "2025-01-04,SKIP,", "2025-01-03,YES_MANUAL,",
                     "2025-01-02,YES_MANUAL,", '2025-01-01,YES_MANUAL,"first day"'],
    "002 Run": ["2025-01-08,0,", "2025-01-06,SKIP,", "2025-01-03,3.0,", "2025-01-02,5.2,"],
    "003 Water": ["2025-01-03,3", "2025-01-02,2", "2025-01-01,2"],
}
for name, lines in checks.items():
    os.makedirs(os.path.join(folder, name), exist_ok=True)
    with open(os.path.join(folder, name, "Checkmarks.csv"), "w", newline="") as f:
        f.write("Date,Value,Notes\n" if name != "003 Water" else "Date,Value\n")
        for line in lines:
            f.write(line + "\n")
with zipfile.ZipFile(os.path.join(out, "Loop Habits CSV 2025-01-10.zip"), "w", zipfile.ZIP_DEFLATED) as z:
    for root, _, files in os.walk(folder):
        for name in files:
            full = os.path.join(root, name)
            z.write(full, os.path.relpath(full, folder))
