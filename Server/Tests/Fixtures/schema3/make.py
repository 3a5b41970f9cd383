#!/usr/bin/env python3
"""Writes the server's schema-3 database fixture and what that server answered from it (issue 61).

Schema 3 is the database of release 0.1.0's server, and of every server since until issue
61: every record a row of one generic `records` table. Run once, with a server and CLI of
schema 3 (it was made at main's 2026-12-06 commit), never again: the test
(`ServerSchemaFixtureTests`) loads `database.sql` into a fresh database, lets the current
server migrate it, and pulls every user's records page by page, which must answer as
`answers.jsonl` says — the same records, stamps, sequence numbers, cursors and pages.

What it holds: Alice's store of release 0.1.0 (`Tests/Fixtures/schema20`: weeks of
definition changes, ids she chose such as `walk`, every kind of record) synced from one
device, and a second device of hers logging with ids the engine made; Bob, her partner by
invitation and acceptance, with a goal she shares and his habit linked to it; Carol, with
ids alike to Alice's and an entry deleted.

    swift build --product habitflow-cli && swift build --package-path Server --product habitflow-server
    python3 Server/Tests/Fixtures/schema3/make.py .build/debug/habitflow-cli \\
        "$(swift build --package-path Server --show-bin-path)/habitflow-server"
"""
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "../../../.."))
ZONE = "Europe/Amsterdam"


def main() -> None:
    cli, server = (os.path.abspath(p) for p in sys.argv[1:3])
    work = tempfile.mkdtemp(prefix="habitflow-fixture-")
    os.chmod(work, 0o755)
    pg = os.path.join(work, "pg")
    base = subprocess.run([os.path.join(ROOT, "scripts/pg-scratch"), "start", pg], capture_output=True, text=True,
                          check=True).stdout.strip()
    serving = None
    try:
        subprocess.run(["psql", base, "-qc", "CREATE DATABASE fixture"], check=True)
        url = base.rsplit("/", 1)[0] + "/fixture"
        tokens = {user: token(server, url, user) for user in ("alice", "bob", "carol")}
        port = free_port()
        serving = subprocess.Popen([server, "serve", "--database", url, "--listen", f"127.0.0.1:{port}", "--log-level", "warning"])
        http = f"http://127.0.0.1:{port}"
        wait_for(http + "/v1/health")

        def device(name: str, user: str, store: str = ""):
            path = os.path.join(work, name + ".sqlite")
            if store:
                shutil.copy(store, path)

            def run(*args: str) -> str:
                r = subprocess.run([cli, *args, "--db", path, "--user", user, "--zone", ZONE], capture_output=True, text=True)
                if r.returncode != 0:
                    sys.exit(f"{name}: habitflow {' '.join(args)}: {r.stderr}")
                return r.stdout

            return run

        def sync(run, user: str) -> None:
            run("sync", "with", http, "--token", tokens[user])

        alice = device("alice-phone", "alice", os.path.join(ROOT, "Tests/Fixtures/schema20/store.sqlite"))
        laptop = device("alice-laptop", "alice")
        bob = device("bob-phone", "bob")
        carol = device("carol-phone", "carol")
        sync(alice, "alice")
        sync(laptop, "alice")
        laptop("log", "Walk")
        laptop("log", "Water", "250")
        sync(laptop, "alice")
        bob("habit", "add", "Stroll", "--id", "stroll")
        bob("habit", "add", "Secret", "--id", "secret")
        bob("log", "Secret")
        alice("partner", "invite", "bob")
        sync(alice, "alice")
        sync(bob, "bob")
        bob("partner", "accept", "alice")
        sync(bob, "bob")
        sync(alice, "alice")
        alice("goal", "add", "Walk together", "--weekly", "3", "--shared", "--habits", "Walk", "--id", "together")
        sync(alice, "alice")
        sync(bob, "bob")
        bob("goal", "link", "together", "Stroll")
        bob("log", "Stroll")
        sync(bob, "bob")
        for run, user in ((alice, "alice"), (laptop, "alice"), (bob, "bob")):
            sync(run, user)
        carol("habit", "add", "Walk", "--id", "walk")
        carol("log", "Walk", "--id", "walk-1")
        carol("log", "Walk", "--id", "walk-2", "--day", "-1", "--confirm")
        carol("delete", "walk-2", "--confirm")
        sync(carol, "carol")

        answers = []
        for user in ("alice", "bob", "carol"):
            for limit in (7, 1000):
                answers += [{"user": user, "limit": limit, "since": since, "answer": page}
                            for since, page in pages(http, tokens[user], limit)]
        serving.terminate()
        serving.wait()
        serving = None
        dump = subprocess.run(["pg_dump", "--no-owner", "--no-privileges", "--no-comments", url], capture_output=True, text=True,
                              check=True).stdout
        # Without pg_dump's `\restrict` lines (PostgreSQL 15.14 and later): an older psql refuses them.
        dump = "".join(line for line in dump.splitlines(keepends=True) if not line.startswith(("\\restrict", "\\unrestrict")))
        with open(os.path.join(HERE, "database.sql"), "w") as f:
            f.write(dump)
        with open(os.path.join(HERE, "tokens.txt"), "w") as f:
            f.writelines(f"{user} {t}\n" for user, t in tokens.items())
        with open(os.path.join(HERE, "answers.jsonl"), "w") as f:
            for a in answers:
                f.write(json.dumps(a, ensure_ascii=False, sort_keys=True) + "\n")
        print(f"wrote database.sql ({len(dump)} bytes), tokens.txt and answers.jsonl ({len(answers)} pages)")
    finally:
        if serving:
            serving.kill()
        subprocess.run([os.path.join(ROOT, "scripts/pg-scratch"), "stop", pg], capture_output=True)
        shutil.rmtree(work, ignore_errors=True)


def token(server: str, url: str, user: str) -> str:
    out = subprocess.run([server, "token", "create", "--database", url, "--user", user], capture_output=True, text=True, check=True)
    return out.stdout.splitlines()[1].strip()


def pages(http: str, token: str, limit: int):
    """Every page of the user's records from the start: (since, the page's JSON)."""
    since = 0
    while True:
        request = urllib.request.Request(f"{http}/v1/changes?since={since}&limit={limit}",
                                         headers={"Authorization": "Bearer " + token})
        with urllib.request.urlopen(request, timeout=30) as answer:
            page = json.loads(answer.read())
        yield since, page
        if not page["more"]:
            return
        since = page["cursor"]


def free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def wait_for(url: str) -> None:
    for _ in range(300):
        try:
            urllib.request.urlopen(url, timeout=1)
            return
        except OSError:
            time.sleep(0.1)
    sys.exit("the server did not answer")


if __name__ == "__main__":
    main()
