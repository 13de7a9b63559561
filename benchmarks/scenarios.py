"""Benchmark: how fast the whole scenario suite runs (every feature, every regulation).

    python benchmarks/scenarios.py [--quick]

Runs tests/test_features.py in a fresh pytest process, on one core and then on two
(pytest-xdist), and prints the wall time and scenarios per second. Not a test: figures vary
with the machine and nothing asserts on them. ``--quick`` (``make bench QUICK=1``): two
workers only, on one rulebook's scenarios (``-m IT``, its rows of the compare outlines included).
"""

from __future__ import annotations

import re
import subprocess
import sys
import time


def run(extra: list[str]) -> tuple[float, int]:
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_features.py", *extra],
        capture_output=True,
        text=True,
        check=False,
    )
    elapsed = time.perf_counter() - start
    match = re.search(r"(\d+) passed", done.stdout)
    if done.returncode not in (0, 1) or match is None:
        raise SystemExit(done.stdout[-2000:] + done.stderr[-2000:])
    return elapsed, int(match.group(1)) + sum(int(n) for n in re.findall(r"(\d+) failed", done.stdout))


def main() -> None:
    runs = (("1 process", ["-p", "no:xdist"]), ("2 workers", ["-n", "2"]))
    if "--quick" in sys.argv[1:]:
        runs = (("2 workers", ["-n", "2", "-m", "IT"]),)
    for label, extra in runs:
        elapsed, count = run(extra)
        print(
            f"{label:<10} {count} scenarios in {elapsed:5.2f} s (process start included): "
            f"{count / elapsed:7.1f} scenarios/s"
        )


if __name__ == "__main__":
    main()
