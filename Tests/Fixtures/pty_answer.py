"""Runs a command on a pseudo-terminal and answers its y/N question.

    python3 pty_answer.py ANSWER COMMAND [ARG...]

Prints what the command wrote to the terminal, then exits with the command's status. The
answer is typed only after "[y/N]" appears, as a person would; a command that asks nothing
gets nothing on its stdin.
"""

import os
import pty
import sys


def main() -> int:
    answer, argv = sys.argv[1], sys.argv[2:]
    pid, fd = pty.fork()
    if pid == 0:
        os.execvp(argv[0], argv)
    out, sent = b"", False
    while True:
        try:
            chunk = os.read(fd, 4096)
        except OSError:  # the terminal closed: the command ended
            break
        if not chunk:
            break
        out += chunk
        if not sent and b"[y/N]" in out:
            os.write(fd, answer.encode() + b"\n")
            sent = True
    _, status = os.waitpid(pid, 0)
    sys.stdout.write(out.decode().replace("\r\n", "\n"))
    return os.waitstatus_to_exitcode(status)


if __name__ == "__main__":
    sys.exit(main())
