"""Benchmark: the full site build from a warm environment (what `make site` runs).

    python benchmarks/site.py

Times each step: the scenarios (live results), page generation, the notebooks and the
MkDocs build, and the total. Not a test: the figures vary with the machine.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time

STEPS = [
    ("scenarios", [sys.executable, "-m", "pytest", "-q", "-n", "2", "tests/test_features.py"], (0, 1)),
    (
        "pages",
        [sys.executable, "-m", "spec_engine.pages", "docs/generated", "--results", "reports/scenarios.json"],
        (0,),
    ),
    ("notebooks", [sys.executable, "tools/notebooks.py", "docs/generated/notebooks"], (0,)),
    ("mkdocs", [sys.executable, "-m", "mkdocs", "build", "--strict", "-q"], (0,)),
]


def main() -> None:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    shutil.rmtree("docs/generated", ignore_errors=True)
    total = 0.0
    for name, command, ok in STEPS:
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
        elapsed = time.perf_counter() - start
        total += elapsed
        if done.returncode not in ok:
            raise SystemExit(f"{name} failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
        print(f"{name:<10} {elapsed:6.2f} s")
    print(f"{'total':<10} {total:6.2f} s (target < 90 s)")


if __name__ == "__main__":
    main()
