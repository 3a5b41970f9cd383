#!/usr/bin/env python3
"""Writes the fuzz seed corpus from docs/PROTOCOL.md: for every operation a request with
plausible arguments (by name and type), the same with each argument made hostile, and, for
the engine target, short sessions that create records and then use them, and sessions that
apply a valid change set (Fuzz/sync-changes.json, every kind of record, written by the
engine) with one field of one record made hostile, then read everything (issue 26).
Deterministic: run it again after the protocol changes and commit what changes.

    Fuzz/make-corpus.py            (writes Fuzz/corpus/call and Fuzz/corpus/engine)
"""
import hashlib
import json
import os
import re
import shutil
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Fixtures"))
from tzdata_file import android_file  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DOC = os.path.join(HERE, "..", "docs", "PROTOCOL.md")

VALUES = {
    "zone": "Europe/Amsterdam", "instant": "2024-03-30T23:30:00Z", "dayKey": "2025-03-10", "from": "2025-03-01",
    "to": "2025-03-12", "effectiveDayKey": "2025-03-10", "timestampUtc": "2025-03-10T08:00:00Z", "dayStartsAt": "04:00",
    "habitId": "h1", "entryId": "e1", "goalId": "g1", "bundleId": "b1", "routineId": "r1", "categoryId": "c1",
    "journalId": "j1", "templateId": "t1", "wellbeingId": "w1", "personaId": "p1", "identityId": "i1", "skillId": "s1",
    "reflectionId": "rf1", "evidenceId": "x1:h1", "executionId": "x1", "partnerId": "bob", "name": "Run", "title": "Run 100 km",
    "unit": "km", "kind": "numeric", "type": "targetAmount", "metric": "mood", "text": "ok", "note": "river loop",
    "firstWeekday": "monday", "cadence": "daily", "targetType": "atLeast", "segment": "yours", "source": "manual",
    "status": "paused", "contribution": "sum", "action": "confirm", "per": "week", "format": "csv",
    "path": "/nonexistent/loop.db",
}
HOSTILE = ["null", "-1", "1e308", "[[[[]]]]", "{}", '""', '"../../etc/passwd"', '"a\\u0000b"', '"2025-02-30"',
           '"\\ud800"', '"right/UTC"', "9007199254740993", '"' + "x" * 300 + '"']


def operations():
    text = open(DOC, encoding="utf-8").read()
    for match in re.finditer(r"^### `([a-zA-Z.]+)`\n(.*?)(?=^### |\Z)", text, re.S | re.M):
        op, body = match.group(1), match.group(2)
        args = re.findall(r"^\| `([a-zA-Z]+)` \| ([a-z|]+) \| (yes|no) \|", body, re.M)
        yield op, args


def sample(name, kind):
    if name in VALUES:
        return VALUES[name]
    if kind.startswith("number") or kind.startswith("integer"):
        return 5
    if kind.startswith("boolean"):
        return True
    if kind.startswith("array"):
        return ["h1"] if name.lower().endswith("ids") else []
    if kind.startswith("object"):
        return {}
    return "x"


def write(folder, content):
    data = content.encode("utf-8") if isinstance(content, str) else content
    name = hashlib.sha1(data).hexdigest()[:16]
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def main():
    call_dir, engine_dir = os.path.join(HERE, "corpus", "call"), os.path.join(HERE, "corpus", "engine")
    zone_dir = os.path.join(HERE, "corpus", "zone")
    changes_dir = os.path.join(HERE, "corpus", "changes")
    for d in (call_dir, engine_dir, zone_dir, changes_dir):
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
    setup = [
        {"op": "habit.create", "args": {"habitId": "h1", "name": "Run", "kind": "numeric", "unit": "km"}},
        {"op": "entry.log", "args": {"habitId": "h1", "entryId": "e1", "value": 5}},
        {"op": "goal.create", "args": {"goalId": "g1", "title": "G", "type": "targetAmount", "kind": "quantity", "target": 50, "unit": "km", "habitIds": ["h1"]}},
        {"op": "routine.create", "args": {"routineId": "r1", "name": "Morning", "habitIds": ["h1"]}},
    ]
    count = 0
    for op, args in operations():
        full = {"op": op, "args": {name: sample(name, kind) for name, kind, _ in args}}
        required = {"op": op, "args": {name: sample(name, kind) for name, kind, req in args if req == "yes"}}
        for request in (full, required):
            text = json.dumps(request, ensure_ascii=False)
            write(call_dir, text)
            write(engine_dir, "\n".join(json.dumps(r) for r in setup) + "\n" + text)
            count += 2
        # Each argument once with a hostile value (rotating through them), not every pair.
        for i, (name, _, _) in enumerate(args[:6]):
            for hostile in (HOSTILE[(i + len(op)) % len(HOSTILE)],):
                body = dict(required["args"])
                text = json.dumps({"op": op, "args": body})[:-2] + (", " if body else "") + '"%s": %s}}' % (name, hostile)
                write(engine_dir if count % 2 else call_dir, text)
                count += 1
    for raw in ['{"op":', "[]", "null", '{"op":"time.week","args":{"dayKey":"2024-01-03"},"requestId":{"a":1}}',
                "[" * 100 + "]" * 100, '{"op":"time.dayKey","args":{"zone":"Europe/\xc0\xaf","instant":"2024-01-01T00:00:00Z"}}']:
        write(call_dir, raw.encode("latin-1") if "\xc0" in raw else raw)
        count += 1
    count += sync_seeds(engine_dir)
    count += zone_seeds(zone_dir)
    count += change_set_seeds(changes_dir)
    count += tzdata_seeds(zone_dir)
    print("fuzz corpus: %d inputs in %s" % (count, os.path.join(HERE, "corpus")))


SYNC_HOSTILE = [None, 0, -1, 9, 2 ** 40, -1.5, 1e13, 1e19, 1e308, "", "   ", "x" * 5000, "Mars/Olympus_Mons", "alice",
                "bob", "mallory", "2025-02-30", "[]", '["read","read"]', "{}", "read", "drink", True, [1], {"a": 1}]
READS = [{"op": op, "args": {}} for op in ("metrics.today", "metrics.streaks", "metrics.week", "goal.list", "bundle.list",
                                            "routine.list", "journal.list", "wellbeing.list", "sync.repairs", "data.export")]


def sync_seeds(folder):
    """sync.apply of the valid set with one field of one change (or its stamp) hostile, with
    and without a remote (held back, or refused whole), then every reader."""
    valid = json.load(open(os.path.join(HERE, "sync-changes.json"), encoding="utf-8"))["changes"]
    n = 0
    for i, change in enumerate(valid):
        fields = sorted(change["record"])
        for k, name in enumerate(fields[:8]):
            mutated = json.loads(json.dumps(valid))
            mutated[i]["record"][name] = SYNC_HOSTILE[(i * 7 + k) % len(SYNC_HOSTILE)]
            mutated[i]["stamp"] = "0001900000000000.000000.mutant"
            args = {"changes": mutated}
            if k % 2:
                args.update({"remote": "https://sync.example", "remoteCursor": "5"})
            write(folder, "\n".join(json.dumps(r) for r in [{"op": "sync.apply", "args": args}] + READS))
            n += 1
        stamped = json.loads(json.dumps(valid))
        stamped[i]["stamp"] = "9999999999999999.999999.mutant"
        write(folder, "\n".join(json.dumps(r) for r in [{"op": "sync.apply", "args": {"changes": stamped}}] + READS))
        n += 1
    write(folder, "\n".join(json.dumps(r) for r in [{"op": "sync.apply", "args": {"changes": valid}}] + READS))
    return n + 1


def change_set_seeds(folder):
    """The changes target's inputs (a sync.apply's changes array): the valid set, then texts
    that take each way out of the reader — escapes, numbers at their edges, repeated and
    unknown keys, kinds after records, nested values, cuts."""
    valid = json.load(open(os.path.join(HERE, "sync-changes.json"), encoding="utf-8"))["changes"]
    texts = [json.dumps(valid), json.dumps(valid, separators=(",", ":")), json.dumps(valid, indent=1), "[]", "[ ]", "{}"]
    for i, change in enumerate(valid):
        fields = sorted(change["record"])
        for k, name in enumerate(fields[:6]):
            mutated = json.loads(json.dumps(valid))
            mutated[i]["record"][name] = SYNC_HOSTILE[(i * 5 + k) % len(SYNC_HOSTILE)]
            texts.append(json.dumps(mutated))
    one = json.dumps(valid[:2], separators=(",", ":"))
    for old, new in [('"kind":"user"', '"kind":"user","kind":"habit"'), ('"zone":', '"zone":"A","zone":'),
                     ('"UTC"', '"\\u0055T\\u0043"'), ('"UTC"', '"\\ud83d\\ude00"'), ('"UTC"', '"\\ud83d"'),
                     ('"UTC"', '"\\u0000"'), ('"firstWeekday":1', '"firstWeekday":1.0e0'),
                     ('"firstWeekday":1', '"firstWeekday":9007199254740993'), ('"firstWeekday":1', '"firstWeekday":-0'),
                     ('"firstWeekday":1', '"firstWeekday":01'), ('"firstWeekday":1', '"firstWeekday":1e999'),
                     ('"firstWeekday":1', '"firstWeekday":true'), ('"firstWeekday":1', '"firstWeekday":{"a":1}'),
                     ('"stamp":', '"extra":1,"stamp":'), ('"record":{', '"record":{"unknownField":null,')]:
        texts.append(one.replace(old, new, 1))
    moved = [{"record": c["record"], "stamp": c["stamp"], "kind": c["kind"]} for c in valid[:3]]
    texts.append(json.dumps(moved))
    texts += [one[:n] for n in (1, 10, len(one) // 2, len(one) - 1)]
    for t in texts:
        write(folder, t)
    return len(texts)


def tzdata_seeds(folder):
    """The zone target's tz data inputs (they start with "tzdata"): a good file, and the ways a
    file can be wrong — truncated, an entry outside the file, a name filling its field, a zone
    whose TZif is cut short, offsets that do not fit."""
    good = android_file(["Europe/Amsterdam", "America/St_Johns", "UTC"])
    entry = 24  # the first index entry
    variants = [good, good[:23], good[:200], good[:len(good) - 300],
                good[:entry + 40] + struct.pack(">i", 1 << 20) + good[entry + 44:],
                good[:entry] + b"A" * 40 + good[entry + 40:],
                good[:entry + 44] + struct.pack(">i", 30) + good[entry + 48:],
                good[:12] + struct.pack(">i", 1 << 30) + good[16:],
                good[:16] + struct.pack(">i", entry + 51) + good[20:]]
    for v in variants:
        write(folder, v)
    return len(variants)


def zone_seeds(folder):
    """The zone target's inputs: name, newline, Unix seconds (int64 LE), day start in minutes
    (uint16 LE), day key. Zones with odd days (skipped, split, 30-minute DST, negative DST,
    far offsets), the range's edges, and names that must be refused."""
    zones = ["Europe/Amsterdam", "America/St_Johns", "Pacific/Apia", "Australia/Lord_Howe", "America/Sao_Paulo",
             "Asia/Kolkata", "UTC", "Etc/GMT+12", "Pacific/Kiritimati", "Antarctica/Troll", "Africa/Casablanca",
             "Europe/Dublin", "America/Santiago", "posixrules", "right/UTC", "posix/Europe/Paris", "../etc/passwd",
             "/etc/localtime", "", "Europe/\xc0\xaf"]
    cases = [(0, 0, "1970-01-01"), (1325239200, 0, "2011-12-30"), (1325239200, 240, "2011-12-29"),
             (562219200, 120, "1987-10-25"), (1743296400, 0, "2025-03-30"), (1761440400, 720, "2025-10-26"),
             (-62135510400, 0, "0001-01-01"), (253402214399, 0, "9999-12-30"), (253402214400, 0, "2025-02-29"),
             (1700000000, 721, "x")]
    import struct
    n = 0
    # Inputs that once failed, kept: a day start in a repeated hour splits the day (Dublin
    # 1986-10-26, 01:59 twice), whose second interval lies after `end` — the harness had
    # wrongly required every interval inside [start, end).
    for zone, seconds, start, key in [("Europe/Dublin", 562219200, 119, "1986-10-25"), ("America/St_Johns", 657084000, 0, "1990-10-27")]:
        write(folder, zone.encode() + b"\n" + struct.pack("<qH", seconds, start) + key.encode())
        n += 1
    for i, zone in enumerate(zones):
        for seconds, start, key in (cases if i < 4 else cases[i % len(cases):][:3]):
            write(folder, zone.encode("utf-8", "surrogateescape") + b"\n" + struct.pack("<qH", seconds, start) + key.encode())
            n += 1
    return n


if __name__ == "__main__":
    main()
