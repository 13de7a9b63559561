"""Speed of the analysis room: each rulebook's exact figures from cold, in CPU seconds.

Each rulebook is computed in a fresh Python process of its own (nothing cached in memory, the
cache on disk not used): the CPU time of the ``odds`` call alone, the interpreter's start and
the imports left out, with any worker processes' CPU counted. Then the same figures read back
from the shared cache, and one changed rule recalculated.

``--against DIR`` measures a second checkout the same way, alternating run by run, and prints
the ratio rulebook by rulebook (for example the code before a change:
``git worktree add /tmp/before <rev>``, then ``--against /tmp/before``).

Run: ``python benchmarks/odds.py [--runs N] [--against DIR] [--quick]`` (needs the analysis
extra). Target (issue 21): at most 1 s of CPU per rulebook.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, resource, sys, time
from spec_engine.analysis import odds
from spec_engine.rules import ruleset
rules = ruleset(sys.argv[1])
if len(sys.argv) > 2:
    rules = rules.with_values(**json.loads(sys.argv[2]))
before = resource.getrusage(resource.RUSAGE_CHILDREN)
start, wall = time.process_time(), time.perf_counter()
result = odds(rules)
cpu = time.process_time() - start
after = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu += (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
print(json.dumps({"cpu": cpu, "wall": time.perf_counter() - wall, "ev": result.basic_strategy.ev_percent}))
"""


def measure(checkout: Path, reg: str, change: dict[str, object] | None = None) -> dict[str, float]:
    """One cold computation in a fresh process, with ``checkout`` first on the path."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    args = [sys.executable, "-c", CHILD, reg] + ([json.dumps(change)] if change else [])
    done = subprocess.run(args, env=env, capture_output=True, text=True, check=True, cwd=checkout)
    data: dict[str, float] = json.loads(done.stdout)
    return data


def cached_seconds(reg: str) -> float:
    """``blackjack-spec odds REG`` twice with a fresh cache: the second call's wall time,
    interpreter start included (what a reader waits)."""
    import time

    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "BLACKJACK_SPEC_CACHE": cache, "PYTHONPATH": str(ROOT)}
        command = [sys.executable, "-m", "spec_engine", "odds", reg]
        subprocess.run(command, env=env, capture_output=True, check=True)
        start = time.perf_counter()
        subprocess.run(command, env=env, capture_output=True, check=True)
        return time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="cold runs per rulebook (the least CPU is shown)")
    parser.add_argument("--against", type=Path, help="a second checkout, measured alternately")
    parser.add_argument("--quick", action="store_true", help="one rulebook, one run (checks the benchmark runs)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from spec_engine.catalog import REGULATION_IDS

    regs = REGULATION_IDS[:1] if args.quick else REGULATION_IDS
    runs = 1 if args.quick else args.runs
    print(f"exact analysis, CPU seconds per rulebook from cold (least of {runs} run{'s' * (runs > 1)}; target <= 1 s)")
    for reg in regs:
        ours, theirs = [], []
        for _ in range(runs):
            ours.append(measure(ROOT, reg))
            if args.against:
                theirs.append(measure(args.against, reg))
        best = min(ours, key=lambda m: m["cpu"])
        line = f"  {reg}: {best['cpu']:.2f} s CPU ({best['wall']:.2f} s wall)  basic strategy {best['ev']:+.6f} %"
        if theirs:
            other = min(theirs, key=lambda m: m["cpu"])
            ratios = sorted(t["cpu"] / o["cpu"] for o, t in zip(ours, theirs, strict=True))
            line += (
                f"  | against: {other['cpu']:.2f} s CPU, {other['ev']:+.6f} %;"
                f" {other['cpu'] / best['cpu']:.1f}x as much CPU (run by run: {', '.join(f'{r:.1f}' for r in ratios)})"
            )
        print(line, flush=True)
    reg = regs[0]
    print(f"  {reg} asked again (blackjack-spec odds, read from the cache): {cached_seconds(reg):.2f} s wall, in all")
    if not args.quick:
        changed = measure(ROOT, "UY", {"double_after_split_hands": None})
        print(f"  UY with double_after_split_hands = none: {changed['cpu']:.2f} s CPU, {changed['ev']:+.6f} %")


if __name__ == "__main__":
    main()
