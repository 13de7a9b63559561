"""Benchmark: ``make site`` itself, cold and warm, each phase with its time.

    python benchmarks/site.py [--quick] [--keep DIR]

Cold: a fresh clone of this checkout (its committed files only) in a temporary folder, with
an empty analysis cache, runs ``make site`` exactly as a new user would: the virtualenv and its
pinned packages (pip's own download cache is the machine's), ``npm ci``, then every phase of
``tools/build.py``. Warm: ``make site`` again at once, nothing changed. Then one hand-written
page changed (only MkDocs runs again) and one notebook changed (that notebook and MkDocs).

``--quick`` (``make bench QUICK=1``) skips the cold clone: it times the warm build and a
one-page change in this checkout, end to end but briefly (the site is left with that page until
the next ``make site``, which builds it back). Not a test: figures vary with the
machine (targets, issue 21: cold at most 4 min, warm at most 30 s, on a quiet machine).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PHASE = re.compile(r"^\[site\] (.+?): (up to date|[\d.]+ s)")


def make_site(where: Path, env: dict[str, str], *variables: str) -> tuple[float, list[tuple[str, str]]]:
    """``make site`` in ``where`` (``variables``: ``NAME=value`` given to make): its wall time
    and each phase's line."""
    start = time.perf_counter()
    done = subprocess.run(["make", "site", *variables], cwd=where, env=env, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode:
        raise SystemExit(f"make site failed in {where}:\n{done.stdout[-3000:]}{done.stderr[-3000:]}")
    return elapsed, [(m[1], m[2]) for m in map(PHASE.match, done.stdout.splitlines()) if m]


def report(title: str, elapsed: float, lines: list[tuple[str, str]]) -> None:
    ran = [(name, took) for name, took in lines if took != "up to date"]
    print(f"{title}: {elapsed:.1f} s wall in all; {len(ran)} of {len(lines)} phases ran")
    for name, took in ran:
        print(f"    {name:<26} {took}")


def changed(where: Path, env: dict[str, str], path: str, title: str, *variables: str, rebuild: bool = True) -> None:
    """Append a comment line to ``path``, time ``make site``, put the file back; ``rebuild``:
    then build the site back as it was. Without it the site keeps the changed page until the
    next ``make site``, which redoes MkDocs (each phase's stamp holds its inputs' digest, and the
    file put back no longer has the digest the stamp holds)."""
    target = where / path
    text = target.read_text(encoding="utf-8")
    comment = "\n<!-- benchmark -->\n" if path.endswith(".md") else "\n# benchmark\n"
    try:
        target.write_text(text + comment, encoding="utf-8")
        report(title, *make_site(where, env, *variables))
    finally:
        target.write_text(text, encoding="utf-8")
    if rebuild:
        make_site(where, env, *variables)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="warm and one change only, in this checkout")
    parser.add_argument("--keep", type=Path, help="clone into this (new) folder and keep it")
    args = parser.parse_args(argv)
    if args.quick:
        # this checkout's build with the virtualenv running this benchmark (make bench's), and
        # the options of a make that runs it passed on (MAKEFLAGS): a make site here must not
        # make a virtualenv of its own
        venv = f"VENV={sys.prefix}"
        env = {k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"}
        report("warm (this checkout)", *make_site(ROOT, env, venv))
        # the site is not built back (MkDocs again): the next make site does it
        changed(ROOT, env, "docs/architecture.md", "one hand-written page changed", venv, rebuild=False)
        return
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MAKE", "MFLAGS", "VIRTUAL_ENV"))}
    with tempfile.TemporaryDirectory(prefix="site-bench-") as tmp:
        where = args.keep or Path(tmp) / "clone"
        subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(where)], check=True)
        env["BLACKJACK_SPEC_CACHE"] = str(Path(tmp) / "cache")  # no figure computed before
        env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if ".venv" not in p)
        report("cold (fresh clone: install and every phase)", *make_site(where, env))
        print(f"    .venv: {_size(where / '.venv') / 2**20:.0f} MB")
        report("warm (nothing changed)", *make_site(where, env))
        changed(where, env, "docs/architecture.md", "one hand-written page changed")
        changed(where, env, "notebooks/dealer_practice.py", "one notebook changed")
        if args.keep is None:
            shutil.rmtree(where, ignore_errors=True)


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


if __name__ == "__main__":
    sys.exit(main())
