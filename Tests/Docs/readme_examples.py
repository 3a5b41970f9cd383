#!/usr/bin/env python3
"""Runs every shell example of README.md, in order, as a new user would: in a clean HOME and
an empty folder, with `habitflow` on PATH. A block is ```sh; a line `$ command` runs; the
lines after it, up to the next `$`, are the output the README shows, compared line by line
(`…` stands for any text, a trailing `   # comment` is the README's aside). An expected output
that starts with `habitflow: ` is an error: the command must exit 1 and print it on stderr.

Usage: readme_examples.py README.md HABITFLOW_CLI   (exit 0 when every example holds)
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile


def blocks(text):
    for match in re.finditer(r"```sh\n(.*?)```", text, re.S):
        yield text.count("\n", 0, match.start()) + 2, match.group(1).rstrip("\n").split("\n")


def examples(lines, first_line):
    current = None
    for offset, line in enumerate(lines):
        if line.startswith("$ "):
            if current:
                yield current
            current = {"line": first_line + offset, "command": line[2:], "expected": []}
        elif current is not None:
            current["expected"].append(line)
    if current:
        yield current


def aside(line):
    """The line without the README's trailing `# comment` (two or more spaces before it)."""
    return re.sub(r"\s{2,}#\s.*$", "", line).rstrip()


def matches(expected, actual):
    pattern = "".join(".*" if part == "…" else re.escape(part) for part in re.split("(…)", expected))
    return re.fullmatch(pattern, actual) is not None


def main():
    readme, cli = sys.argv[1], os.path.abspath(sys.argv[2])
    text = open(readme, encoding="utf-8").read()
    home = tempfile.mkdtemp(prefix="readme-home-")
    work = os.path.join(home, "work")
    bin_dir = os.path.join(home, "bin")
    os.makedirs(work)
    os.makedirs(bin_dir)
    os.symlink(cli, os.path.join(bin_dir, "habitflow"))
    env = {
        "HOME": home, "PATH": bin_dir + ":/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
        "XDG_DATA_HOME": os.path.join(home, ".local/share"), "XDG_CONFIG_HOME": os.path.join(home, ".config"),
        # The README's day: its examples show 2026-11-23 in Amsterdam.
        "HABITFLOW_NOW": "2026-11-23T12:00:00Z", "HABITFLOW_ZONE": "Europe/Amsterdam", "HABITFLOW_USER": "me",
    }
    failures, count = [], 0
    try:
        for first_line, lines in blocks(text):
            for ex in examples(lines, first_line):
                count += 1
                expected = [aside(l) for l in ex["expected"]]
                wants_error = bool(expected) and expected[0].startswith("habitflow: ")
                run = subprocess.run(["/bin/sh", "-c", ex["command"]], cwd=work, env=env, capture_output=True, text=True)
                shown = run.stderr if wants_error else run.stdout
                actual = shown.rstrip("\n").split("\n") if shown.strip() else []
                problem = None
                if wants_error and run.returncode != 1:
                    problem = "exit %d, the README shows an error (exit 1)" % run.returncode
                elif not wants_error and run.returncode != 0:
                    problem = "exit %d: %s" % (run.returncode, run.stderr.strip()[:300])
                elif expected and (len(expected) != len(actual) or not all(map(matches, expected, actual))):
                    problem = "output differs:\n    README: %s\n    actual: %s" % ("\n            ".join(expected), "\n            ".join(actual))
                if problem:
                    failures.append("README.md:%d  $ %s\n  %s" % (ex["line"], ex["command"], problem))
    finally:
        shutil.rmtree(home, ignore_errors=True)
    for f in failures:
        print(f)
    print("%d passed, %d failed" % (count - len(failures), len(failures)))
    return 1 if failures or count == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
