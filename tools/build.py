#!/usr/bin/env python3
"""Build the site, redoing only what changed: ``make site`` runs this.

    python tools/build.py [--force] [--pages-only]

The phases, in order, each with the files it reads (its *inputs*) and what it writes:

==================  ==========================================================  =============================
phase               inputs                                                      writes
==================  ==========================================================  =============================
catalogs            the package's messages, its catalogs (``spec_engine/locale/``),  ``.mo`` files,
                    ``docs/javascripts/``, ``mkdocs.yml``, ``tools/i18n.py``     ``docs/javascripts/locale/``
scenarios           the package (engine, kit, suite, data), ``features/``,           ``reports/scenarios.json``,
                    ``tests/test_features.py``, ``tests/conftest.py``,          ``reports/recordings/``
                    ``BLACKJACK_SPEC_OVERRIDES``
javascript-<REG>    the package, ``conformance/js/``, whether a Chromium can     ``reports/conformance/``
                    print the PDF (one per rulebook; skipped without ``node``)  ``javascript-<REG>/``
pages               the package, ``docs/simulations/``, the scenario results,   ``docs/generated/`` (but its
                    the conformance reports, ``BLACKJACK_SPEC_OVERRIDES``       ``notebooks/``), ``docs/index*.md``
notebook <name>     the package, ``notebooks/<name>.py``, ``tools/notebooks.py``  ``docs/generated/notebooks/``
mkdocs              ``docs/`` (the pages above included), ``mkdocs.yml``,        ``site/``
                    ``tools/``, the engine, ``package-lock.json``
==================  ==========================================================  =============================

A phase runs when the content of its inputs (a SHA-256 over every file, the phases before it
and the overrides) differs from its last successful run, recorded in ``reports/build/``, or
when what it writes is missing; otherwise it says "up to date". Each phase prints its time.
The exact odds the pages and notebooks need come from the one analysis cache
(:func:`spec_engine.analysis.default_cache_dir`), so a rebuild computes only new rule sets.

A failing scenario or conformance case is shown on the site, not fatal here; any other
failure stops the build with the phase's own message. ``--pages-only`` stops before MkDocs
(``make serve``'s MkDocs calls it before each of its builds, so a changed rule, scenario or
notebook shows on the served site).
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STAMPS = ROOT / "reports" / "build"
GENERATED = ROOT / "docs" / "generated"
OVERRIDES = "BLACKJACK_SPEC_OVERRIDES"
SKIPPED_PARTS = {"__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache"}


class BuildError(Exception):
    """A phase failed; the message names it."""


def files(*patterns: str) -> list[Path]:
    """The files matching ``patterns`` (relative to the root: a folder means everything in it),
    caches left out, in a fixed order."""
    found: set[Path] = set()
    for pattern in patterns:
        path = ROOT / pattern
        if path.is_dir():
            found.update(p for p in path.rglob("*") if p.is_file())
        else:
            found.update(p for p in ROOT.glob(pattern) if p.is_file())
    return sorted(p for p in found if not SKIPPED_PARTS & set(p.relative_to(ROOT).parts))


_DIGESTS: dict[Path, str] = {}


def digest(paths: Iterable[Path], *extra: str) -> str:
    """One SHA-256 over the files' names and contents and ``extra``."""
    total = hashlib.sha256()
    for path in paths:
        if path not in _DIGESTS:
            _DIGESTS[path] = hashlib.sha256(path.read_bytes()).hexdigest()
        total.update(f"{path.relative_to(ROOT)}\0{_DIGESTS[path]}\n".encode())
    for item in extra:
        total.update(f"{item}\n".encode())
    return total.hexdigest()


@dataclass
class Phase:
    """One step of the build: ``inputs`` lists the files it reads, ``writes`` what must exist
    after it, ``run`` does it (returning a one-line summary); ``after``: the phases whose
    results it reads (their keys are part of its own); ``group``: phases of one group run side
    by side, two at a time; ``setting``: what else its output depends on, said as a string (part
    of its key)."""

    name: str
    inputs: Callable[[], list[Path]]
    writes: tuple[str, ...]
    run: Callable[[], str]
    after: tuple[str, ...] = ()
    overrides: bool = True
    group: str = ""
    setting: Callable[[], str] = lambda: ""


def python(*args: str, ok: tuple[int, ...] = (0,), env: dict[str, str] | None = None) -> str:
    """Run this interpreter with ``args`` in the root, its output kept: the last line is
    returned; on a code outside ``ok`` the whole output is shown and the phase fails."""
    done = subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        check=False,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    if done.returncode not in ok:
        raise BuildError(f"'python {' '.join(args)}' ended with code {done.returncode}:\n{done.stdout}")
    lines = [line.strip() for line in done.stdout.splitlines() if line.strip()]
    return lines[-1] if lines else ""


def package() -> list[Path]:
    """The package and its features (at the top of the repository, shipped inside it)."""
    return files("spec_engine", "features", "pyproject.toml")


def catalog_sources() -> list[Path]:
    """What the catalogs phase reads: the sources of the messages and the catalogs, not what it
    writes (the compiled ``.mo`` files, the widgets' ``javascripts/locale/``)."""
    written = ("spec_engine/locale/*/LC_MESSAGES/*.mo", "docs/javascripts/locale/*")
    found = files("spec_engine", "docs/javascripts", "mkdocs.yml", "tools/i18n.py")
    return [p for p in found if not any(p.relative_to(ROOT).match(w) for w in written)]


def run_catalogs() -> str:
    # the gate: a message of a page declared translated that a language lacks stops the build
    return python("tools/i18n.py", "all")


def run_scenarios() -> str:
    shutil.rmtree(ROOT / "reports" / "recordings", ignore_errors=True)
    # failing scenarios (code 1) are shown on the site, not fatal here; played on the pure engine, the
    # reference (the test suite plays them on the compiled one: make test runs both); in one process
    # (-n 0): two workers took longer to start than the 757 scenarios take to play (9.2 s of CPU
    # against 6.8 s, and no sooner), and the results come in the features' order; a failure in one
    # line (--tb=line: the site shows its status, from the results; a long traceback costs 0.1 s of CPU)
    recordings = {"BLACKJACK_SPEC_RECORD": "reports/recordings", "BLACKJACK_SPEC_PURE": "1"}
    return python("-m", "pytest", "-q", "-n", "0", "--tb=line", "tests/test_features.py", ok=(0, 1), env=recordings)


def run_javascript(reg: str) -> Callable[[], str]:
    def run() -> str:
        out = f"reports/conformance/javascript-{reg}"
        impl = "node conformance/js/blackjack.js"
        # failing cases (code 1) are what the report shows
        return python("-m", "spec_engine.kit.conform", "--impl", impl, "--regulation", reg, "--out", out, ok=(0, 1))

    return run


def printer() -> str:
    """Whether the conformance runs can print their certificates to PDF (a Chromium found, as
    the kit looks for it): on a new machine ``make site`` may run before ``make test`` installs
    Chromium, and its reports, without a PDF, are then made again once it is there."""
    from spec_engine.kit.certificate import chromium

    return "a Chromium prints the certificate" if chromium() else "no Chromium: no PDF"


def run_pages() -> str:
    GENERATED.mkdir(parents=True, exist_ok=True)
    for path in GENERATED.parent.glob("index*.md"):  # the home page is generated too, per language
        path.unlink()
    for path in GENERATED.iterdir():  # what an earlier build wrote: stale pages must not stay
        if path.name == "notebooks":
            continue
        shutil.rmtree(path) if path.is_dir() else path.unlink()
    results = ("--results", "reports/scenarios.json", "--recordings", "reports/recordings")
    return python("-m", "spec_engine.pages", "docs/generated", *results)


def run_notebook(source: Path) -> Callable[[], str]:
    def run() -> str:
        return python("tools/notebooks.py", "docs/generated/notebooks", str(source.relative_to(ROOT)))

    return run


def run_mkdocs() -> str:
    python("-m", "mkdocs", "build", "--strict", "--quiet", env={"NO_MKDOCS_2_WARNING": "1"})
    return "site/ built"


def phases() -> list[Phase]:
    from spec_engine.catalog import REGULATION_IDS
    from spec_engine.i18n import TRANSLATED

    out = [
        Phase(
            "catalogs",
            catalog_sources,
            tuple(f"spec_engine/locale/{code}/LC_MESSAGES/messages.mo" for code in TRANSLATED),
            run_catalogs,
            overrides=False,  # the messages do not depend on the rule values played
        ),
        Phase(
            "scenarios",
            lambda: [*package(), *files("tests/test_features.py", "tests/conftest.py")],
            ("reports/scenarios.json", "reports/recordings"),
            run_scenarios,
        ),
    ]
    javascript = []
    if shutil.which("node"):
        for reg in REGULATION_IDS:
            name = f"javascript-{reg}"
            javascript.append(name)
            out.append(
                Phase(
                    name,
                    lambda: [*package(), *files("conformance/js")],
                    (f"reports/conformance/javascript-{reg}/summary.json",),
                    run_javascript(reg),
                    overrides=False,  # the kit runs the texts' rules, never the overrides
                    group="javascript",
                    setting=printer,
                )
            )
    out.append(
        Phase(
            "pages",
            lambda: [*package(), *files("docs/simulations")],
            ("docs/generated/rules.md", "docs/index.md"),
            run_pages,
            after=("catalogs", "scenarios", *javascript),
        )
    )
    notebooks = []
    for source in sorted((ROOT / "notebooks").glob("*.py")):
        name = f"notebook {source.stem}"
        notebooks.append(name)
        out.append(
            Phase(
                name,
                lambda source=source: [*package(), source, *files("tools/notebooks.py")],  # type: ignore[misc]
                (f"docs/generated/notebooks/{source.stem}.md",),
                run_notebook(source),
                # a notebook shows the texts' own rules and figures (rule_explorer sets the overrides
                # of both its runs itself): built with overrides it writes the same bytes, and MkDocs
                # puts the overrides' banner on its page
                overrides=False,
                group="notebooks",
            )
        )
    out.append(
        Phase(
            "mkdocs",
            lambda: files("docs", "mkdocs.yml", "tools", "package-lock.json", "spec_engine"),
            ("site/index.html",),
            run_mkdocs,
            after=("pages", *notebooks),
        )
    )
    return out


def build(*, force: bool = False, pages_only: bool = False, say: Callable[[str], None] = print) -> float:
    """Run the phases that need it; returns the seconds spent in all."""
    check_overrides()
    STAMPS.mkdir(parents=True, exist_ok=True)
    with (STAMPS / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one build at a time: another waits, then finds it done
        return _build(force, pages_only, say)


def _build(force: bool, pages_only: bool, say: Callable[[str], None]) -> float:
    _DIGESTS.clear()  # files may have changed since an earlier build in this process
    overrides = os.environ.get(OVERRIDES, "")
    keys: dict[str, str] = {}
    start = time.perf_counter()
    todo = [p for p in phases() if not (pages_only and p.name == "mkdocs")]
    batches: list[list[Phase]] = []
    for phase in todo:  # consecutive phases of one group form one batch
        if batches and phase.group and batches[-1][0].group == phase.group:
            batches[-1].append(phase)
        else:
            batches.append([phase])
    for batch in batches:
        stale = []
        for phase in batch:
            keys[phase.name] = _key(phase, [keys[name] for name in phase.after if name in keys], overrides)
            if not force and _done(phase, keys[phase.name]):
                say(f"[site] {phase.name}: up to date")
            else:
                _stamp(phase).unlink(missing_ok=True)
                stale.append(phase)
        with ThreadPoolExecutor(max_workers=2) as pool:  # each phase is a process of its own
            timed = {phase.name: pool.submit(_timed, phase.run) for phase in stale}
            for phase in stale:
                summary, seconds = timed[phase.name].result()
                _stamp(phase).write_text(keys[phase.name], encoding="utf-8")
                say(f"[site] {phase.name}: {seconds:.1f} s ({summary})")
        if stale:
            _DIGESTS.clear()  # what they wrote may be the next phases' inputs
    total = time.perf_counter() - start
    say(f"[site] done in {total:.1f} s")
    return total


def _stamp(phase: Phase) -> Path:
    return STAMPS / (phase.name.replace(" ", "-") + ".key")


def _key(phase: Phase, upstream: list[str], overrides: str) -> str:
    """What ``phase``'s stamp holds once it has run: its inputs, the keys of the phases it reads
    (``upstream``), the overrides it plays and its setting."""
    return digest(phase.inputs(), *upstream, overrides if phase.overrides else "", phase.setting())


def _done(phase: Phase, key: str) -> bool:
    """Whether ``phase`` last ran with ``key`` and what it writes is there."""
    stamp = _stamp(phase)
    done = stamp.is_file() and stamp.read_text(encoding="utf-8") == key
    return done and all((ROOT / w).exists() for w in phase.writes)


def current(name: str) -> bool:
    """Whether the phase ``name``, one that reads no other phase's results, is up to date: what
    it wrote is what it would write again now. A test that would run the same command on the
    same files reads that instead (``tests/test_js_impl.py``: the JavaScript implementation's
    conformance reports)."""
    _DIGESTS.clear()
    phase = next(p for p in phases() if p.name == name)
    if phase.after:
        raise ValueError(f"{name} reads other phases' results: ask the build, not current()")
    return _done(phase, _key(phase, [], os.environ.get(OVERRIDES, "")))


def _timed(run: Callable[[], str]) -> tuple[str, float]:
    began = time.perf_counter()
    summary = run()
    return summary, time.perf_counter() - began


def check_overrides() -> None:
    """A malformed ``BLACKJACK_SPEC_OVERRIDES``, or a value nothing can honour (the engine cannot
    play it: ``spec_engine.analysis.gate``), stops the build at once, in one line."""
    sys.path.insert(0, str(ROOT))
    from spec_engine.analysis.gate import problems
    from spec_engine.errors import SpecError
    from spec_engine.overrides import from_env
    from spec_engine.rules import ruleset

    try:
        for reg, changes in from_env().items():
            for _, why in problems(ruleset(reg).with_values(**changes)):
                raise BuildError(f"{OVERRIDES}: {why}")
    except (SpecError, ValueError) as exc:
        raise BuildError(str(exc) if OVERRIDES in str(exc) else f"{OVERRIDES}: {exc}") from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--force", action="store_true", help="run every phase, changed or not")
    parser.add_argument("--pages-only", action="store_true", help="stop before MkDocs: the pages and notebooks only")
    args = parser.parse_args(argv)
    try:
        build(force=args.force, pages_only=args.pages_only)
    except BuildError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
