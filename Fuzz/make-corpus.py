#!/usr/bin/env python3
"""Writes the fuzz seed corpus from docs/PROTOCOL.md: for every operation a request with
plausible arguments (by name and type), the same with each argument made hostile, and, for
the engine target, short sessions that create records and then use them. Deterministic:
run it again after the protocol changes and commit what changes.

    Fuzz/make-corpus.py            (writes Fuzz/corpus/call and Fuzz/corpus/engine)
"""
import hashlib
import json
import os
import re
import shutil

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
    for d in (call_dir, engine_dir):
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
    print("fuzz corpus: %d inputs in %s" % (count, os.path.join(HERE, "corpus")))


if __name__ == "__main__":
    main()
