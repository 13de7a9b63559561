"""Run the feature suite against each mutant through the conformance protocol.

For one mutant: ``python -m pytest tests/test_features.py`` in a child process, with
``BLACKJACK_SPEC_IMPL="<python> -m tests.mutants.adapter NAME"`` (every scenario talks to the
faulty engine), the results in a temporary file (``BLACKJACK_SPEC_RESULTS``, so
``reports/scenarios.json`` is left alone) and only the scenarios of the mutant's regulations
(``BLACKJACK_SPEC_REGULATIONS``, :mod:`tests.mutants.selection`). The mutant is caught when at
least one scenario fails; the failing scenarios' clause tags are the clauses that caught it.

Mutants run side by side (``jobs`` child pytest processes at once).
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from spec_engine.kit.driver import PROTOCOL_VERSION
from tests.mutants.catalog import CONTROL, MUTANTS, Mutant, mutant
from tests.mutants.selection import PLAN_ENV, REGULATIONS_ENV, SCENARIOS_ENV

ROOT = Path(__file__).resolve().parents[2]
REPORT = ROOT / "reports" / "mutants.json"


def _environment(
    m: Mutant, results: Path, regulations: tuple[str, ...], scenarios: list[tuple[str, int, str | None]] | None = None
) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_XDIST", "PYTEST_CURRENT_TEST"))}
    env.update(
        BLACKJACK_SPEC_IMPL=f"{sys.executable} -m tests.mutants.adapter {m.name}",
        BLACKJACK_SPEC_RESULTS=str(results),
        BLACKJACK_SPEC_TIMEOUT=env.get("BLACKJACK_SPEC_TIMEOUT", "5"),
    )
    env[REGULATIONS_ENV] = ",".join(regulations)
    if scenarios is not None:
        env[SCENARIOS_ENV] = json.dumps(sorted(scenarios, key=str))
    return env


def probe(m: Mutant, *, timeout: float = 20) -> str | None:
    """Start the mutant adapter and greet it: None if it answers, else what went wrong (a
    mutant whose adapter cannot start would fail every scenario: that is no catch)."""
    hello = (
        json.dumps({"id": 1, "op": "hello", "protocol": PROTOCOL_VERSION})
        + "\n"
        + json.dumps({"id": 2, "op": "bye"})
        + "\n"
    )
    proc = subprocess.run(
        [sys.executable, "-m", "tests.mutants.adapter", m.name],
        cwd=ROOT,
        input=hello,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    replies = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    if proc.returncode != 0 or not replies or not replies[0].get("ok"):
        return f"the mutant adapter did not start (exit {proc.returncode}): {proc.stderr.strip()[-500:]}"
    return None


def run_mutant(
    m: Mutant, *, full: bool = False, timeout: float = 120, scenarios: list[tuple[str, int, str | None]] | None = None
) -> dict[str, Any]:
    """Run the scenarios of ``m``'s regulations (``full``: all it concerns, else its quick
    sample) against it, or only ``scenarios`` of them (feature, line, row: as test vectors name
    them); the outcome as a report entry."""
    regulations = m.run_on(full)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix=f"mutant-{m.name}-") as tmp:
        results = Path(tmp) / "scenarios.json"
        argv = [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "--assert=plain",  # pass or fail is all we need: no rewriting, half the start-up
            "-p",
            "no:hypothesispytest",
            "-p",
            "spec_engine.suite.results_elsewhere",
            "-p",
            "tests.mutants.selection",
            "--tb=no",
            "--no-header",
            "tests/test_features.py",
        ]
        proc = subprocess.run(
            argv,
            cwd=ROOT,
            env=_environment(m, results, regulations, scenarios),
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        scenarios: list[dict[str, Any]] = json.loads(results.read_text("utf-8")) if results.exists() else []
    failing = [s for s in scenarios if s["status"] == "failed"]
    # every scenario failing (or none run) may be a broken adapter rather than a fault: look
    broken = probe(m) if len(failing) == len(scenarios) else None
    clauses = sorted({c for s in failing for c in s["clauses"]})
    entry: dict[str, Any] = {
        "mutant": m.name,
        "kind": m.kind,
        "fault": m.fault,
        "regulations": list(regulations),
        "concerns": list(m.regulations),
        "scenarios": len(scenarios),
        "failing": len(failing),
        "caught": bool(failing) and broken is None,
        "caught_in": [r for r in regulations if any(s["regulation"] == r for s in failing)],
        "clauses": clauses,
        "per_regulation": {
            r: {
                "scenarios": sum(s["regulation"] == r for s in scenarios),
                "failing": sum(s["regulation"] == r for s in failing),
            }
            for r in sorted({s["regulation"] for s in scenarios}, key=str)
        },
        "failing_scenarios": [
            {"feature": s["feature"], "scenario": s["scenario"], "regulation": s["regulation"], "clauses": s["clauses"]}
            for s in failing
        ],
        "pytest_exit": proc.returncode,
        "seconds": round(time.monotonic() - started, 2),
    }
    if broken is not None:
        entry["error"] = broken
    elif not scenarios:  # pytest did not get as far as the scenarios: say why
        entry["error"] = (proc.stdout + proc.stderr)[-2000:]
    return entry


Place = tuple[str, int, str | None]


def run_plan(plan: dict[Place, str], *, timeout: float = 300) -> dict[Place, bool]:
    """One run of several deviations at once (each scenario of ``plan`` plays the deviation
    planned for it, through the multiplexing adapter; ``""``: none): whether each failed."""
    with tempfile.TemporaryDirectory(prefix="deviations-") as tmp:
        folder = Path(tmp)
        spec = {
            "current": str(folder / "current"),
            "outcomes": str(folder / "outcomes.json"),
            "plan": [[*place, name] for place, name in plan.items()],
        }
        (folder / "plan.json").write_text(json.dumps(spec), encoding="utf-8")
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_XDIST", "PYTEST_CURRENT_TEST"))}
        env.update(
            BLACKJACK_SPEC_IMPL=f"{sys.executable} -m tests.mutants.adapter --plan {spec['current']}",
            BLACKJACK_SPEC_RESULTS=str(folder / "scenarios.json"),
        )
        env[PLAN_ENV] = str(folder / "plan.json")
        argv = [sys.executable, "-m", "pytest", "-q", "--assert=plain", "-p", "no:hypothesispytest"]
        argv += ["-p", "spec_engine.suite.results_elsewhere", "-p", "tests.mutants.selection", "--tb=no"]
        subprocess.run(
            [*argv, "--no-header", "tests/test_features.py"], cwd=ROOT, env=env, capture_output=True, timeout=timeout
        )
        outcomes = (
            json.loads((folder / "outcomes.json").read_text("utf-8")) if (folder / "outcomes.json").exists() else []
        )
    return {(feature, line, row): failed for feature, line, row, _, failed in outcomes}


def run_all(
    names: Iterable[str] | None = None, *, jobs: int = 2, full: bool = False, control: bool = True
) -> dict[str, Any]:
    """Run the mutants (all by default) and the control (on every regulation they concern);
    the whole report. ``full``: each mutant on every regulation it concerns, not its quick
    sample."""
    chosen = [mutant(n) for n in names] if names is not None else list(MUTANTS.values())
    if control:
        concerned = {r for m in chosen for r in m.regulations} or set(CONTROL.regulations)
        scope = dataclasses.replace(CONTROL, regulations=tuple(r for r in CONTROL.regulations if r in concerned))
        chosen = [scope, *[m for m in chosen if m.name != CONTROL.name]]
    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        entries = list(pool.map(lambda m: run_mutant(m, full=full or m.name == CONTROL.name), chosen))
    ctrl = next((e for e in entries if e["mutant"] == CONTROL.name), None)
    mutants = [e for e in entries if e["mutant"] != CONTROL.name]
    caught = sum(e["caught"] for e in mutants)
    return {
        "control": ctrl,
        "mutants": mutants,
        "caught": caught,
        "total": len(mutants),
        "score": round(caught / len(mutants), 4) if mutants else None,
        "seconds": round(time.monotonic() - started, 2),
        "jobs": jobs,
        "full": full,
    }


def write_report(report: dict[str, Any], path: Path = REPORT) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path


def table(report: dict[str, Any], *, width: int = 72) -> str:
    """The report as a plain-text table: mutant, regulations, caught, failing scenarios, clauses."""
    rows = [("mutant", "regulation(s) run", "caught", "failing", "clauses")]
    for e in report["mutants"]:
        clauses = " ".join(e["clauses"]) or "-"
        if len(clauses) > width:
            clauses = clauses[: width - 3].rsplit(" ", 1)[0] + " ..."
        rows.append(
            (e["mutant"], ",".join(e["regulations"]), "yes" if e["caught"] else "NO", str(e["failing"]), clauses)
        )
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = []
    for i, row in enumerate(rows):
        lines.append("  ".join(c.ljust(w) for c, w in zip(row[:4], widths, strict=True)) + "  " + row[4])
        if i == 0:
            lines.append("-" * (sum(widths) + 2 * 4 + len("clauses")))
    for e in report["mutants"]:
        missed = [r for r in e["regulations"] if r not in e["caught_in"]]
        if e["caught"] and missed:
            lines.append(f"{e['mutant']}: no scenario of {', '.join(missed)} caught it")
    ctrl = report.get("control")
    if ctrl is not None:
        lines.append(
            f"control (no fault): {ctrl['failing']} of {ctrl['scenarios']} scenarios fail"
            + (" (must be 0)" if ctrl["failing"] else "")
        )
    lines.append(
        f"mutation score: {report['caught']}/{report['total']} = {report['score']:.0%}"
        f"  ({report['seconds']} s, {report['jobs']} jobs)"
    )
    return "\n".join(lines)
