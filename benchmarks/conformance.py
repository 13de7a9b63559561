"""Benchmark: the whole scenario suite in-process and through the conformance protocol.

    python benchmarks/conformance.py [--jobs 1 2] [--repeat 1]

For each worker count, runs tests/test_features.py against the engine in-process, then the
conformance kit (``python -m spec_engine.kit.conform``) against the reference adapter
(``python -m spec_engine.kit.adapter``, one child process per worker, every request a JSON line
over a pipe), and prints the wall times (process start included) and their ratio; the
issue's target is a protocol run at most 3 times the in-process one. Neither run touches
reports/scenarios.json. Then each rulebook alone through the protocol (issue 12's target: under
20 s each, all five under 90 s). Not a test: figures vary with the machine's load.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from spec_engine.catalog import REGULATION_IDS

ROOT = Path(__file__).resolve().parents[1]


def in_process(jobs: int, scratch: Path) -> tuple[float, int]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("BLACKJACK_SPEC_")}
    env["BLACKJACK_SPEC_RESULTS"] = str(scratch / "inprocess.json")
    workers = ["-n", str(jobs if jobs > 1 else 0)]
    start = time.perf_counter()
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "tests/test_features.py",
            "-p",
            "spec_engine.suite.results_elsewhere",
            *workers,
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        check=False,
    )
    elapsed = time.perf_counter() - start
    results = json.loads((scratch / "inprocess.json").read_text(encoding="utf-8"))
    return elapsed, sum(r["status"] == "passed" for r in results)


def protocol(jobs: int, scratch: Path, regulation: str = "all") -> tuple[float, int]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("BLACKJACK_SPEC_")}
    out = scratch / f"kit-{regulation}"
    adapter = f"{sys.executable} -m spec_engine.kit.adapter"
    start = time.perf_counter()
    command = [sys.executable, "-m", "spec_engine.kit.conform", "--impl", adapter, "--out", str(out)]
    subprocess.run(
        [*command, "--jobs", str(jobs), "--regulation", regulation],
        cwd=ROOT,
        env=env,
        capture_output=True,
        check=False,
    )
    elapsed = time.perf_counter() - start
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    return elapsed, int(summary["all"]["counts"]["PASS"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeat", type=int, default=1, help="runs of each; the best time counts")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp)
        for jobs in args.jobs:
            local = min(in_process(jobs, scratch) for _ in range(args.repeat))
            remote = min(protocol(jobs, scratch) for _ in range(args.repeat))
            print(
                f"{jobs} worker{'s' if jobs > 1 else ' '}: in-process {local[0]:5.2f} s ({local[1]} passed), "
                f"protocol {remote[0]:5.2f} s ({remote[1]} PASS): {remote[0] / local[0]:.2f}x (target <= 3x)"
            )
            for reg in REGULATION_IDS:  # one rulebook against a subprocess implementation: target < 20 s
                one = min(protocol(jobs, scratch, reg) for _ in range(args.repeat))
                print(f"    {reg}: {one[0]:5.2f} s ({one[1]} PASS)")


if __name__ == "__main__":
    main()
