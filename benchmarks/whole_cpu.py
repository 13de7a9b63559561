"""Benchmark helper: the CPU a command costs, its orphans included.

    python benchmarks/whole_cpu.py COMMAND [ARG ...]

``/usr/bin/time`` (and any parent's accounting) misses the CPU of the processes a command leaves
behind when their parent exits first: Chromium's renderer and utility processes, once a browser
closes, are reaped by init, and their CPU reaches nobody. This runs ``COMMAND`` as a child
subreaper (Linux's ``PR_SET_CHILD_SUBREAPER``), reaps those orphans itself and prints, on
standard error, the command's own accounting, the orphans' CPU and their sum. It exits with the
command's status. Linux only; not a test.
"""

from __future__ import annotations

import ctypes
import os
import sys

PR_SET_CHILD_SUBREAPER = 36


def main(argv: list[str]) -> int:
    if not argv:
        raise SystemExit(__doc__)
    ctypes.CDLL(None).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    pid = os.fork()
    if pid == 0:
        os.execvp(argv[0], argv)
    code, own, orphans, count = 1, 0.0, 0.0, 0
    while True:
        try:
            child, status, usage = os.wait4(-1, 0)
        except ChildProcessError:
            break
        cpu = usage.ru_utime + usage.ru_stime
        if child == pid:
            code, own = os.waitstatus_to_exitcode(status), cpu
        else:
            orphans, count = orphans + cpu, count + 1
    print(
        f"CPU: the command's own accounting {own:.1f} s; its orphans {orphans:.1f} s ({count} processes); "
        f"in all {own + orphans:.1f} s",
        file=sys.stderr,
    )
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
