"""What every store fixture's make.py shares: run requests through an old CLI's `habitflow batch`,
then write the store (one closed file) and the answers the old library gave."""
import json
import os
import subprocess
import sys


def batch(cli, db, requests, now):
    lines = "".join(json.dumps({"op": op, "args": args}) + "\n" for op, args in requests)
    env = dict(os.environ, HABITFLOW_NOW=now)
    r = subprocess.run([cli, "batch", "--db", db, "--user", "alice", "--zone", "Europe/Amsterdam"], input=lines,
                       capture_output=True, text=True, env=env)
    return [json.loads(line) for line in r.stdout.splitlines() if line.strip()]


def write(here, cli, writes, questions, now, phases=None):
    """Makes `here`/store.sqlite from `writes` (each must succeed) and `here`/answers.jsonl
    from `questions`, with the old CLI `cli` and its clock at `now`. `phases`, when given,
    is a list of (instant, writes) run first, each with the clock at its instant: a store
    whose definitions changed over weeks, as a user's did."""
    db = os.path.join(here, "store.sqlite")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
    for at, requests in (phases or []) + [(now, writes)]:
        for answer, (op, args) in zip(batch(cli, db, requests, at), requests):
            if not answer.get("ok"):
                sys.exit(f"{at} {op} {args}: {answer}")
    answers = batch(cli, db, questions, now)
    with open(os.path.join(here, "answers.jsonl"), "w") as f:
        for (op, args), answer in zip(questions, answers):
            f.write(json.dumps({"op": op, "args": args, "answer": answer}, ensure_ascii=False, sort_keys=True) + "\n")
    # One file, no WAL beside it: the fixture is what a closed store looks like.
    subprocess.run(["sqlite3", db, "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE; VACUUM;"], check=True,
                   capture_output=True)
    version = subprocess.run(["sqlite3", db, "PRAGMA user_version"], capture_output=True, text=True).stdout.strip()
    print(f"wrote {db} (schema {version}) and answers.jsonl ({len(answers)} answers)")
