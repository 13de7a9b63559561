"""The conformance kit: run every clause scenario against another implementation.

    python -m spec_engine.kit.conform --impl "CMD" [--regulation UY] [--out DIR] [--timeout 5]
        [--memory-mb 1024] [--jobs N] [-k EXPR | --clause ID ... | --rerun-failed DIR]
        [--env NAME=VALUE ...] [--max-time S] [--citations exact|contains]

The implementation is a program speaking the conformance protocol (:mod:`spec_engine.kit.protocol`).
The runner first starts it once and says ``hello`` (:func:`probe`): a program that crashes,
hangs, answers garbage or another major protocol version there ends the run at once. Then it
plays the suite as it ships in the package (:mod:`spec_engine.suite`: the same scenarios as the
project's own tests, no copies) in a pytest subprocess with ``BLACKJACK_SPEC_IMPL`` set and the
plugin ``spec_engine/suite/conform_plugin.py`` loaded (the ``kit`` extra: pytest, pytest-bdd,
pytest-xdist, jsonschema), which gives each scenario one status:

=============  =====================================================================
PASS           the implementation did what the spec says
FAIL           a Then step's assertion failed: the implementation disagrees with the spec
ERROR          garbage reply, an ``internal`` error, a reply to the wrong request, ...
CRASH          the process died or could not start (it is restarted for the next one)
TIMEOUT        no reply within ``--timeout`` seconds (or the run exceeded ``--max-time``)
UNSUPPORTED    the implementation answered ``unsupported`` to one of the scenario's requests
SKIP           the scenario was skipped
=============  =====================================================================

Any other status counts as ERROR, never as a pass. The run always finishes: each request
waits ``--timeout`` seconds at most and the whole run ``--max-time``. The implementation
starts in the caller's folder, with an environment of its own
(:func:`~spec_engine.kit.protocol.implementation_environment`: nothing of the kit's). The run's
verdict and exit status are :mod:`spec_engine.kit.verdict`'s.

The report goes to the ``--out`` folder:

- ``report.jsonl``: a header line (the kit's version, the suite's version and manifest hash,
  the implementation's hello reply, the protocol versions and what they mean for the run, date,
  options, the selection), then one line per scenario: feature, scenario, line, regulation,
  level, clauses, status, message and, when a Then step compared one, the expected (and
  actual) value;
- ``junit.xml``: the same for CI tools (FAIL is a ``failure``; ERROR, CRASH and TIMEOUT are
  ``error``; UNSUPPORTED and SKIP are ``skipped``);
- ``summary.json``: the verdict, counts and percentages per regulation and per clause, and per
  regulation the protocol's obligations the run exercised and those it did not
  (:mod:`spec_engine.kit.obligations`; each passing scenario's in ``report.jsonl``);
- ``repro/<scenario>.json`` for every FAIL, ERROR, CRASH and TIMEOUT: the rule set, every
  request sent (queries included), the expected event log (the same requests replayed on the
  engine), the actual one (a FAIL's: after a crash, a timeout or garbage the implementation is
  not asked again) and the index of the first event that differs, and what the implementation
  wrote to stderr during the scenario (its last 8,000 characters);
- per scenario in ``report.jsonl``, and over the run in ``summary.json``: how many requests
  it sent and how long the implementation took to answer them (``request_ms``: total and
  slowest, in milliseconds, from a request written to its reply read);
- ``scenarios.json``: the results in the format of ``reports/scenarios.json``;
- ``certificate.html`` and ``certificate.pdf`` (:mod:`spec_engine.kit.certificate`; the PDF
  needs a Chromium; the certificate states the SHA-256 of every other file, the summary
  included), ``pytest.log``, and ``SHA256SUMS`` over every file (:func:`verify`).

A mistake in the lab's own options or inputs (a ``-k`` that reads or selects nothing, a
timeout that is not finite, a folder or a file that may not be run as ``--impl``,
``--rerun-failed`` with nothing it can rerun) ends at once in one line, exit 2, before anything
is run or written.

:func:`report_page` renders one report folder, or a folder of them, as a Markdown page.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import hashlib
import json
import math
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn

from spec_engine import __version__
from spec_engine.catalog import REGULATION_IDS
from spec_engine.catalog import clause as catalog_clause
from spec_engine.kit.assemble import PARTIAL, assemble, implementation_name, normalize_status, slug, summarize
from spec_engine.kit.certificate import HTML as CERTIFICATE_HTML
from spec_engine.kit.certificate import PDF as CERTIFICATE_PDF
from spec_engine.kit.driver import PROTOCOL_VERSION, Client, EngineDriver, ImplementationError, start_rules
from spec_engine.kit.manifest import problems as manifest_problems
from spec_engine.kit.manifest import suite_version
from spec_engine.kit.protocol import (
    OneLineParser,
    ProtocolDriver,
    answer,
    implementation_environment,
    program_problem,
)
from spec_engine.kit.report import JUNIT, REPORT, REPRO, RESULTS, SUMMARY, failed_nodeids
from spec_engine.kit.trace import FEATURES, suite_command, suite_environment
from spec_engine.kit.verdict import SUMS, verdict
from spec_engine.kit.versions import compatibility
from spec_engine.rules import RULE_FIELDS

ROOT = Path(__file__).resolve().parents[2]
"""The project checkout, when the kit runs from one (its git revision goes in the reports)."""

PLUGIN = "spec_engine.suite.conform_plugin"

CITATIONS = ("exact", "contains")
"""How a refusal's clause ids are compared (``--citations``): exactly the reference's, or the
expected one among them (a declared, deliberate difference)."""


# ------------------------------------------------------------------------------ reproductions
def _plain(value: Any) -> Any:
    """A rule value as JSON, in the rule-set files' notation."""
    from fractions import Fraction

    if value is None:
        return "none"
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted((_plain(v) for v in value), key=str)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, Fraction):
        return str(value)
    return value


def ruleset_data(regulation: str, overrides: Mapping[str, Any] | None = None, house: object = None) -> dict[str, Any]:
    """A rule set as data: id, name, every value (in the rule-set files' notation) and its
    citation; ``overrides`` (as sent in a ``start`` request) are named and applied, then the
    house's choices (``house``, as sent: named, and applied where accepted)."""
    rules = start_rules(regulation, overrides, house)
    return {
        "id": rules.id,
        "name": rules.name,
        "overrides": dict(overrides or {}),
        **({"house": house} if house is not None else {}),
        "values": {f.name: _plain(getattr(rules, f.name)) for f in RULE_FIELDS},
        "citations": {k: dataclasses.asdict(c) for k, c in rules.citations.items()},
    }


def replay(requests: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Send ``requests`` to the engine in-process, as the reference adapter answers them: its
    replies, and its event log and legal actions after them."""
    engine = EngineDriver()
    replies = [answer(engine, {**request, "id": n}) for n, request in enumerate(requests, 1)]
    events = engine.request({"op": "events"})
    legal = engine.request({"op": "legal"})
    return {
        "replies": replies,
        "events": events.get("events", []) if events.get("ok") else [],
        "legal": legal.get("actions") if legal.get("ok") else None,
    }


def first_difference(expected: Sequence[Any], actual: Sequence[Any] | None) -> int | None:
    """The index of the first event that differs (or that one log lacks); ``None`` if equal."""
    if actual is None:
        return 0
    for index, (want, got) in enumerate(zip(expected, actual, strict=False)):
        if want != got:
            return index
    return None if len(expected) == len(actual) else min(len(expected), len(actual))


def reproduction(
    driver: ProtocolDriver, requests: Sequence[Mapping[str, Any]], regulation: str | None, *, ask: bool = True
) -> dict[str, Any]:
    """Everything needed to see a broken scenario again without the suite: the rule set, the
    requests, the expected event log (replayed on the engine), the implementation's and where
    they part. ``ask=False`` (after a crash, a timeout or garbage) leaves the implementation
    alone: its log is not asked for (that would start it afresh, with an empty log)."""
    requests = [dict(r) for r in requests]
    start = next((r for r in requests if r.get("op") == "start"), {})
    reg = str(start.get("regulation") or regulation or "")
    try:
        rules: dict[str, Any] | None = ruleset_data(reg, start.get("overrides"), start.get("house")) if reg else None
    except Exception as exc:  # an unknown regulation or a bad override: say so
        rules = {"id": reg, "error": str(exc)}
    expected = replay(requests)
    actual: list[dict[str, Any]] | None = None
    actual_legal: list[dict[str, Any]] | None = None
    problem = None
    if not ask:
        problem = "not asked: the implementation had crashed, timed out or replied garbage"
    else:
        try:
            actual = Client(driver).events()
        except Exception as exc:  # the implementation could not give its log
            problem = f"{type(exc).__name__}: {exc}"
        try:
            actual_legal = Client(driver).legal_actions()
        except Exception:
            actual_legal = None
    index = first_difference(expected["events"], actual)
    return {
        "protocol": PROTOCOL_VERSION,
        "regulation": reg,
        "ruleset": rules,
        "requests": requests,
        "expected_events": expected["events"],
        "actual_events": actual,
        "first_difference": index,
        "expected_at_difference": _at(expected["events"], index),
        "actual_at_difference": _at(actual, index),
        "expected_legal": expected["legal"],
        "actual_legal": actual_legal,
        "actual_events_error": problem,
    }


def _at(events: Sequence[Any] | None, index: int | None) -> Any:
    if events is None or index is None or index >= len(events):
        return None
    return events[index]


# ------------------------------------------------------------------------------ the report
def suite_info() -> dict[str, Any]:
    """The suite a run tests: its version and manifest's hash (:mod:`spec_engine.kit.manifest`),
    whether the files match that manifest, and a digest of the feature files."""
    try:
        release = suite_version()
        matches = not manifest_problems()
    except (OSError, RuntimeError, ValueError):
        release, matches = {"version": "unknown", "manifest_sha256": ""}, False
    digest = hashlib.sha256()
    features = sorted(FEATURES.rglob("*.feature"))
    for path in features:
        digest.update(path.relative_to(FEATURES.parent).as_posix().encode() + b"\0" + path.read_bytes())
    return {
        "name": "blackjack-spec",
        **release,
        "manifest_matches": matches,
        "features": len(features),
        "features_sha256": digest.hexdigest(),
    }


def git_revision() -> str | None:
    """``git rev-parse HEAD`` of the checkout, if git and a repository are there."""
    try:
        done = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, timeout=10, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout.strip() or None if done.returncode == 0 else None


STDERR_KEPT = 8000
"""How many characters of the implementation's standard error a report keeps, at its end (a
failed first hello, each failure's reproduction): the end of a traceback says what broke."""


def probe(command: str, *, timeout: float, memory_mb: int, env: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Start the implementation once, in the environment the scenarios will give it, and say
    hello: its reply, or what went wrong (CRASH, TIMEOUT, ERROR, or UNSUPPORTED for another
    major protocol version)."""
    driver = ProtocolDriver(command, timeout=timeout, memory_mb=memory_mb, env=env)
    try:
        driver._spawn()
    except ImplementationError as exc:
        driver.close()
        return {
            "ok": False,
            "status": normalize_status(exc.status),
            "message": str(exc),
            "hello": driver.info or None,
            "stderr": driver.stderr(STDERR_KEPT),
        }
    except ValueError as exc:
        return {"ok": False, "status": "CRASH", "message": str(exc)}
    finally:
        driver.close()
    return {"ok": True, "hello": {k: v for k, v in driver.info.items() if k not in ("id", "ok")}}


# ------------------------------------------------------------------------------ the runner
def default_jobs() -> int:
    """Parallel workers by default: one below 4 cores (measured on 2 cores, one worker beat two:
    each worker starts its own implementation and pays pytest's own overhead), then half the
    cores, at most 4."""
    cores = os.cpu_count() or 1
    return 1 if cores < 4 else min(4, cores // 2)


def default_out(command: str, regulation: str | None) -> Path:
    words = [Path(w).name for w in shlex.split(command) if not w.startswith("-")]
    words = [w for w in words if not re.fullmatch(r"python[\d.]*|env", w)] or ["impl"]
    name = slug(" ".join(words), 48) + (f"-{regulation.lower()}" if regulation else "")
    return Path("reports") / "conformance" / name


def run(
    command: str,
    out: Path,
    *,
    regulation: str | None = None,
    timeout: float = 5.0,
    memory_mb: int = 1024,
    jobs: int = 1,
    keyword: str | None = None,
    clauses: Sequence[str] = (),
    only: Sequence[str] | None = None,
    max_time: float = 3600.0,
    quiet: bool = False,
    citations: str = "exact",
    env: Mapping[str, str] | None = None,
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Run the suite against ``command``; write the report into ``out``; return its header
    and results. ``clauses``: only the scenarios tagged with one of these clause ids; ``only``:
    only these scenarios (pytest node ids, as an earlier report names them); ``citations``:
    ``exact`` (a refusal cites exactly what the rule set cites for the refused rule) or
    ``contains`` (the expected clause among those cited: a deliberate difference, declared; the
    verdict is then "relaxed"); ``env``: what the implementation gets besides
    :data:`~spec_engine.kit.protocol.PASSED_ON` (its environment holds nothing else). A
    program whose first ``hello`` fails (it crashes, hangs, answers garbage or another major
    protocol version) ends the run at once: no scenario is played."""
    if citations not in CITATIONS:
        raise ValueError(f"citations must be one of {CITATIONS}, not {citations!r}")
    started = time.monotonic()
    out = out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    for name in (REPORT, JUNIT, SUMMARY, RESULTS, "pytest.log", CERTIFICATE_HTML, CERTIFICATE_PDF, SUMS):
        (out / name).unlink(missing_ok=True)
    for name in (REPRO, PARTIAL):
        shutil.rmtree(out / name, ignore_errors=True)
    (out / PARTIAL).mkdir()
    impl_env = implementation_environment(os.environ, env)
    hello = probe(command, timeout=timeout, memory_mb=memory_mb, env=impl_env)
    info = hello.get("hello") or {}
    judged = compatibility(info.get("protocol")) if info else None
    by = [f"-k {keyword}"] if keyword else []
    by += [f"--clause {c}" for c in clauses]
    by += [f"--rerun-failed ({len(only)} scenarios)"] if only is not None else []
    header: dict[str, Any] = {
        "kit": {"name": "blackjack-spec", "version": __version__},
        "suite": suite_info(),
        "git_revision": git_revision(),
        "implementation": info,
        "protocol": judged.to_json() if judged else {"kit": PROTOCOL_VERSION, "implementation": None},
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "command": command,
        "regulation": regulation,
        "regulations_run": [regulation] if regulation else list(REGULATION_IDS),
        "selection": {"by": by},
        "options": {
            "timeout": timeout,
            "memory_mb": memory_mb,
            "jobs": jobs,
            "k": keyword,
            "clauses": list(clauses),
            "max_time": max_time,
            "citations": citations,
            "env": sorted(env or {}),
        },
        "probe": {k: v for k, v in hello.items() if k != "hello"},
    }
    if not quiet and judged is not None and judged.changes:
        print(f"note: {judged.summary}", file=sys.stderr)
        for line in judged.changes:
            print(f"  - {line}", file=sys.stderr)
    if not hello.get("ok"):  # the first hello failed: no scenario would tell more
        header["elapsed"] = round(time.monotonic() - started, 2)
        header["pytest_exit_code"] = None
        return header, assemble(out, header)
    # (pytest.log says each failure in one line: the suite's settings, pytest.ini, say --tb=line)
    argv = suite_command(
        "-q",
        "--no-header",
        "-p",
        PLUGIN,
        f"--conform-out={out / PARTIAL}",
        "-n",
        str(jobs if jobs > 1 else 0),
    )
    if regulation:
        argv.append(f"--conform-regulation={regulation}")
    if keyword:
        argv += ["-k", keyword]
    argv += [f"--conform-clause={c}" for c in clauses]
    if only is not None:
        chosen = out / PARTIAL / "only.json"
        chosen.write_text(json.dumps(list(only)), encoding="utf-8")
        argv.append(f"--conform-only={chosen}")
    # the spec as it is: no rule overrides, no recording, no stray pytest options
    child = {k: v for k, v in os.environ.items() if not k.startswith("BLACKJACK_SPEC_") and k != "PYTEST_ADDOPTS"}
    child.update(
        BLACKJACK_SPEC_IMPL=command,
        BLACKJACK_SPEC_IMPL_ENV=json.dumps(impl_env),
        BLACKJACK_SPEC_TIMEOUT=str(timeout),
        BLACKJACK_SPEC_MEMORY_MB=str(memory_mb),
        BLACKJACK_SPEC_RESULTS=str(out / RESULTS),
        BLACKJACK_SPEC_CITATIONS=citations,
    )
    child = suite_environment(child)
    stopped = None
    with (out / "pytest.log").open("wb") as log:
        # from the caller's folder: the implementation starts there, and its command may name files relative to it
        proc = subprocess.Popen(argv, env=child, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            code = proc.wait(timeout=max(1.0, max_time - (time.monotonic() - started)))
        except subprocess.TimeoutExpired:
            stopped = f"the run was stopped after --max-time {max_time:g} s"
            code = -1
        finally:
            # the whole process group: pytest, its workers and any implementation left over
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            proc.wait()
    header["pytest_exit_code"] = code
    header["elapsed"] = round(time.monotonic() - started, 2)
    results = assemble(out, header, stopped=stopped)
    if not results and not quiet:
        sys.stderr.write((out / "pytest.log").read_text(encoding="utf-8", errors="replace")[-3000:])
    return header, results


def _env_pair(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, not {text!r}")
    return name, value


def _positive(kind: type[int] | type[float], least: float = 0.0, what: str = "a positive number") -> Any:
    def parse(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {what}, not {text!r}") from None
        if not math.isfinite(value) or value <= 0 or value < least:  # (nan and inf are floats too)
            raise argparse.ArgumentTypeError(f"expected {what}, not {text!r}")
        return value

    return parse


MIN_MEMORY_MB = 64
"""The least ``--memory-mb`` accepted: below it no interpreter starts, and the kit would blame
the implementation for its own limit."""


def build_parser(prog: str = "python -m spec_engine.kit.conform") -> OneLineParser:
    """The runner's command line (docs/labs.md's table of options is checked against it)."""
    parser = OneLineParser(prog=prog, description=__doc__.split("\n\n")[0])
    parser.add_argument("--impl", required=True, help="the implementation's command line (split without a shell)")
    parser.add_argument(
        "--regulation", type=str.upper, choices=(*REGULATION_IDS, "ALL"), help="one regulation, or all (the default)"
    )
    parser.add_argument("--out", type=Path, help="report folder (default reports/conformance/<name>)")
    parser.add_argument(
        "--timeout",
        type=_positive(float, what="a finite positive number of seconds"),
        default=5.0,
        help="seconds each request may take (default 5)",
    )
    parser.add_argument(
        "--memory-mb",
        type=_positive(int, MIN_MEMORY_MB, f"a whole number of MiB, at least {MIN_MEMORY_MB}"),
        default=1024,
        help=f"the implementation's address-space limit in MiB (default 1024, at least {MIN_MEMORY_MB})",
    )
    parser.add_argument(
        "--jobs",
        type=_positive(int, 1, "a whole number, at least 1"),
        default=default_jobs(),
        help=f"scenarios played by N worker processes at once, each with its own copy of the implementation "
        f"(default {default_jobs()} here: one below 4 cores)",
    )
    parser.add_argument(
        "-k", dest="keyword", help="only scenarios whose test name matches this pytest -k expression (partial run)"
    )
    parser.add_argument(
        "--clause",
        action="append",
        default=[],
        metavar="ID",
        help="only the scenarios tagged with exactly this clause id (repeatable; a partial run)",
    )
    parser.add_argument(
        "--rerun-failed", type=Path, metavar="DIR", help="only the scenarios an earlier report in DIR lists as broken"
    )
    parser.add_argument(
        "--env",
        action="append",
        default=[],
        type=_env_pair,
        metavar="NAME=VALUE",
        help="put NAME=VALUE in the implementation's environment (repeatable; it inherits nothing else of "
        "yours but PATH, HOME, USER, LOGNAME, LANG, LANGUAGE, LC_*, TZ, TMPDIR and TERM)",
    )
    parser.add_argument(
        "--max-time",
        type=_positive(float, what="a finite positive number of seconds"),
        default=3600.0,
        help="stop the whole run after this many seconds",
    )
    parser.add_argument(
        "--citations",
        choices=CITATIONS,
        default="exact",
        help="exact (default): a refusal cites exactly the clauses the rule set cites for the refused rule; "
        "contains: the expected clause among those cited (a relaxed run: never a conformance verdict)",
    )
    return parser


def keyword_problem(
    keyword: str, regulation: str | None, clauses: Sequence[str], only: Sequence[str] | None = None
) -> str | None:
    """Why ``-k keyword`` would run nothing, in one sentence (an expression pytest cannot read,
    or one that selects no scenario of the run); ``None`` when it selects some. The suite's
    scenarios are collected, not run."""
    argv = suite_command("--collect-only", "-q", "--no-header", "-p", PLUGIN, "-k", keyword)
    if regulation:
        argv.append(f"--conform-regulation={regulation}")
    argv += [f"--conform-clause={c}" for c in clauses]
    child = suite_environment({k: v for k, v in os.environ.items() if k != "PYTEST_ADDOPTS"})
    with tempfile.TemporaryDirectory(prefix="conform-k-") as tmp:
        if only is not None:
            chosen = Path(tmp) / "only.json"
            chosen.write_text(json.dumps(list(only)), encoding="utf-8")
            argv.append(f"--conform-only={chosen}")
        done = subprocess.run(argv, env=child, capture_output=True, text=True, timeout=300, check=False)
    if done.returncode == 4:  # pytest's usage error: the expression
        said = [line for line in (done.stderr + done.stdout).splitlines() if "expression" in line.lower()]
        detail = said[0].removeprefix("ERROR: ").strip() if said else "pytest could not read it"
        return f"not an expression pytest can read: {detail}"
    if done.returncode == 5:
        return f"{keyword!r} selects no scenario of this run"
    if done.returncode != 0:
        return f"the scenarios could not be collected (pytest exit {done.returncode})"
    return None


def main(argv: Sequence[str] | None = None, prog: str = "python -m spec_engine.kit.conform") -> int:
    parser = build_parser(prog)
    args = parser.parse_args(argv)
    if os.environ.get("BLACKJACK_SPEC_OVERRIDES", "").strip():
        print(
            f"{prog}: note: BLACKJACK_SPEC_OVERRIDES is not applied: a conformance run plays the texts' rules",
            file=sys.stderr,
        )

    def stop(message: str) -> NoReturn:  # one line, no usage: the command line was well formed
        parser.exit(2, f"{prog}: error: {message}\n")

    why = program_problem(args.impl)
    if why is not None:
        stop(f"--impl: {why}")
    if args.regulation == "ALL":
        args.regulation = None
    for wanted in args.clause:
        try:
            catalog_clause(wanted)
        except Exception:
            stop(f"--clause: no clause {wanted!r} in the catalog")
        if args.regulation and not wanted.upper().startswith(f"{args.regulation}-"):
            stop(f"--clause: {wanted} is not a clause of {args.regulation}: no scenario of this run is tagged with it")
    only = None
    if args.rerun_failed is not None:
        try:
            only = failed_nodeids(args.rerun_failed)
        except ValueError as exc:
            stop(f"--rerun-failed: {exc}")
    if args.keyword is not None:
        problem = keyword_problem(args.keyword, args.regulation, args.clause, only)
        if problem is not None:
            stop(f"-k: {problem}")
    out = args.out or default_out(args.impl, args.regulation)
    if out.exists() and not out.is_dir():
        stop(f"--out: {out} exists and is not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
        probe_file = out / ".writable"
        probe_file.write_text("", encoding="utf-8")
        probe_file.unlink()
    except OSError as exc:
        stop(f"--out: cannot write the report into {out}: {exc.strerror or exc}")
    header, results = run(
        args.impl,
        out,
        regulation=args.regulation,
        timeout=args.timeout,
        memory_mb=args.memory_mb,
        jobs=args.jobs,
        keyword=args.keyword,
        clauses=args.clause,
        only=only,
        max_time=args.max_time,
        citations=args.citations,
        env=dict(args.env),
    )
    counts = summarize(results)["all"]["counts"]
    shown = ", ".join(f"{n} {s}" for s, n in counts.items() if n)
    name = implementation_name(header)
    judged = verdict(header, results)
    print(f"{name}: {len(results)} scenarios: {shown or 'none run'} ({header['elapsed']} s) -> {out}")
    print(judged.headline)
    if header.get("pdf_missing"):
        print(f"no certificate.pdf: {header['pdf_missing']} (certificate.html is written)")
    if not results and header.get("pytest_exit_code") not in (None, 0, 1, 5):
        return 2  # the suite itself did not run: pytest.log says why
    return judged.exit_code


if __name__ == "__main__":
    sys.exit(main())
