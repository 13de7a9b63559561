"""The conformance kit's pytest plugin: one status per scenario, raw results for the report.

Loaded only by the runner (``python -m spec_engine.kit.conform``), which passes
``-p spec_engine.suite.conform_plugin --conform-out=DIR [--conform-regulation=UY]``:

- ``--conform-regulation`` keeps the scenarios of one regulation: those of its features
  (the ``@UY`` tag) and the compare outlines' rows of that regulation (their clause tags);
- each scenario gets a status (see :mod:`spec_engine.kit.conform`) from its outcome: the
  ``status`` attribute of the :mod:`spec_engine.kit.protocol` exception that stopped it (CRASH,
  TIMEOUT, UNSUPPORTED, ERROR; an unknown one is ERROR), FAIL for a failed assertion, ERROR
  for any other exception, SKIP, or PASS;
- a FAIL against an implementation out of process carries its reproduction (the requests
  sent, the expected and actual event logs); a PASS, the protocol's obligations it exercised
  (:mod:`spec_engine.kit.obligations`: from its requests, the reference's replies and what its
  Then steps checked);
- the results travel on the test reports (``user_properties``, so pytest-xdist carries them
  to the controller), which appends them to ``DIR/results.jsonl`` as they come; every worker
  writes the list of collected scenarios to ``DIR/collected.json``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import IO, Any

import pytest

from spec_engine.catalog import REGULATION_IDS, is_clause_id
from spec_engine.kit.assemble import STATUSES
from spec_engine.kit.conform import reproduction
from spec_engine.kit.driver import ImplementationError
from spec_engine.kit.obligations import evidence, exercised
from spec_engine.kit.protocol import ProtocolDriver
from spec_engine.kit.trace import feature_path, regulation_of
from spec_engine.suite.steps import PLAY

PROPERTY = "conform"
_META = pytest.StashKey[dict[str, Any]]()
_WATCH = pytest.StashKey[dict[str, Any]]()
_STEP = pytest.StashKey[str]()
_SCOPE = pytest.StashKey[list[dict[str, Any]]]()
_last_hello: dict[str, Any] = {}


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("conform", "conformance kit")
    group.addoption("--conform-out", help="folder for the raw conformance results")
    group.addoption("--conform-regulation", help="only the scenarios of this regulation")
    group.addoption("--conform-clause", action="append", default=[], help="only the scenarios tagged with this id")
    group.addoption("--conform-only", help="a JSON file listing the only scenarios (node ids) to run")


# ------------------------------------------------------------------------------ what a scenario is
def scenario_meta(item: pytest.Item) -> dict[str, Any]:
    """Feature, scenario, line, Examples row, regulation and clauses of a scenario test,
    known at collection (so a scenario that never ran still has them)."""
    from pytest_bdd.scenario import scenario_wrapper_template_registry

    obj = getattr(item, "obj", None)
    template = scenario_wrapper_template_registry.get(obj) if obj is not None else None
    tags = {m.name for m in item.iter_markers()}
    tags = {t for t in tags if t in REGULATION_IDS or is_clause_id(t)}
    feature = ""
    if template is not None:
        feature = feature_path(template.feature.filename)
    callspec = getattr(item, "callspec", None)
    row = callspec.params.get("_pytest_bdd_example") if callspec is not None else None
    example = ", ".join(f"{k}={v}" for k, v in row.items()) if isinstance(row, dict) else None
    return {
        "nodeid": item.nodeid,
        "feature": feature,
        "scenario": template.name if template is not None else item.name,
        "line": template.line_number if template is not None else 0,
        "example": example,
        "regulation": regulation_of(sorted(tags)),
        "clauses": sorted(t for t in tags if is_clause_id(t)),
    }


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """First (before ``-k`` and ``-m``): keep one regulation's scenarios, if asked (the run's
    scope), and note them all; then deselect those ``--conform-clause`` and ``--conform-only``
    leave out. What ``-k`` deselects after this is found at :func:`pytest_collection_finish`."""
    wanted = config.getoption("conform_regulation")
    clauses = set(config.getoption("conform_clause") or ())
    only_file = config.getoption("conform_only")
    only = set(json.loads(Path(only_file).read_text(encoding="utf-8"))) if only_file else None
    scope: list[pytest.Item] = []
    dropped: list[pytest.Item] = []
    for item in items:
        meta = scenario_meta(item)
        item.stash[_META] = meta
        (scope if not wanted or meta["regulation"] == wanted.upper() else dropped).append(item)
    config.stash[_SCOPE] = [item.stash[_META] for item in scope]
    kept = [
        item
        for item in scope
        if (not clauses or clauses & set(item.stash[_META]["clauses"])) and (only is None or item.nodeid in only)
    ]
    dropped += [item for item in scope if item not in kept]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


def pytest_collection_finish(session: pytest.Session) -> None:
    """Note every scenario of the run's scope, and whether it is to run (``selected``)."""
    out = session.config.getoption("conform_out")
    scope = session.config.stash.get(_SCOPE, None)
    if not out or scope is None:
        return
    running = {item.nodeid for item in session.items}
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    noted = [{**meta, "selected": meta["nodeid"] in running} for meta in scope]
    tmp = folder / f"collected.{os.getpid()}.tmp"
    tmp.write_text(json.dumps(noted, ensure_ascii=False), encoding="utf-8")
    tmp.replace(folder / "collected.json")


# ------------------------------------------------------------------------------ while it runs
@pytest.fixture(autouse=True)
def _conform_watch(request: pytest.FixtureRequest) -> Iterator[None]:
    """Note the implementation's state before the scenario: its process starts so far and
    its list of sent requests (a new list means the scenario started a round)."""
    driver = request.getfixturevalue("implementation")
    request.node.stash[_WATCH] = {
        "driver": driver,
        "starts": getattr(driver, "starts", 0),
        "sent": getattr(driver, "sent", None),
    }
    yield


def pytest_bdd_step_error(request: pytest.FixtureRequest, step: Any) -> None:
    """Note the step that failed (a Then step's words say what was expected)."""
    request.node.stash[_STEP] = f"{step.keyword} {step.name}".strip()


def _chain(exc: BaseException | None) -> Iterator[BaseException]:
    seen: set[int] = set()
    todo = [exc] if exc is not None else []
    while todo:
        current = todo.pop(0)
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        yield current
        todo += [current.__cause__, current.__context__]  # type: ignore[list-item]


def classify(exc: BaseException | None) -> tuple[str, str]:
    """The status and message of a scenario stopped by ``exc``: the protocol exception
    anywhere in its chain (a later assertion may hide it) gives its status; else a failed
    assertion is FAIL, anything else ERROR."""
    for link in _chain(exc):
        if isinstance(link, ImplementationError):
            status = getattr(link, "status", None)
            if status not in STATUSES:
                return "ERROR", f"unknown status {status!r}: {link}"
            return str(status), f"{type(link).__name__}: {link}"
    if isinstance(exc, AssertionError):
        return "FAIL", str(exc).split("\n", 1)[0] or "assertion failed"
    return "ERROR", f"{type(exc).__name__}: {exc}" if exc is not None else "failed"


def compared(exc: BaseException) -> tuple[str, str] | None:
    """(expected, actual) from a rewritten ``assert got == expected``: the values pytest shows."""
    for line in str(exc).splitlines():
        line = line.strip()
        if line.startswith("assert ") and " == " in line:
            actual, _, expected = line.removeprefix("assert ").partition(" == ")
            return expected, actual
    return None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
    outcome = yield
    report: pytest.TestReport = outcome.get_result()
    if not (report.when == "call" or report.failed or report.skipped):
        return
    watch = item.stash.get(_WATCH, {})
    driver = watch.get("driver")
    result: dict[str, Any] = {"when": report.when}
    if report.passed:
        result.update(status="PASS", message="")
    elif report.skipped:
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        result.update(status="SKIP", message=str(reason))
    else:
        exc = call.excinfo.value if call.excinfo is not None else None
        status, message = classify(exc)
        result.update(status=status, message=message[:2000])
        if item.stash.get(_STEP, None):
            result["step"] = item.stash[_STEP]
        if any(getattr(link, "at_hello", False) for link in _chain(exc)):  # not the step's request: the hello
            result["step"] = "hello (of the implementation started for this request)"
        if status == "FAIL" and exc is not None:
            result["detail"] = str(exc)[:4000]
            pair = compared(exc)
            if pair is not None:
                result["expected"], result["actual"] = (v[:1000] for v in pair)
        if status in ("FAIL", "ERROR", "CRASH", "TIMEOUT") and isinstance(driver, ProtocolDriver):
            started = driver.sent is not watch.get("sent")
            meta = item.stash.get(_META, {})
            # a FAIL asks the implementation for its log; a broken one is not asked again
            result["_repro"] = reproduction(
                driver, driver.sent if started else [], meta.get("regulation"), ask=status == "FAIL"
            )
            result["_repro"]["stderr"] = driver.stderr() if started else ""
    if isinstance(driver, ProtocolDriver):
        if driver.sent is not watch.get("sent"):  # the scenario started a game: at which level
            start = next((r for r in driver.sent if r.get("op") == "start"), None)
            if start is not None:
                result["level"] = str(start.get("level", "round"))
        if driver.sent is not watch.get("sent") and driver.times:  # the scenario's own requests, timed
            result["requests"] = len(driver.times)
            result["request_ms"] = {"total": round(sum(driver.times), 2), "max": round(max(driver.times), 2)}
        result["starts"] = driver.starts - int(watch.get("starts", 0))
        if result["status"] == "PASS" and driver.sent is not watch.get("sent"):  # what it showed of the protocol
            play = item.stash.get(PLAY, None)
            result["obligations"] = exercised(evidence(driver.sent, play.seen.to_json() if play is not None else None))
        if driver.info and driver.info != _last_hello:
            _last_hello.clear()
            _last_hello.update(driver.info)
            result["_hello"] = {k: v for k, v in driver.info.items() if k not in ("id", "ok")}
    report.user_properties.append((PROPERTY, result))


# ------------------------------------------------------------------------------ the controller
class Collector:
    """Merges the phases of each test and appends its result as soon as it is complete."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.stream: IO[str] = (folder / "results.jsonl").open("a", encoding="utf-8")
        self.tests: dict[str, dict[str, Any]] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        test = self.tests.setdefault(report.nodeid, {"duration": 0.0, "result": None, "teardown_error": None})
        test["duration"] += report.duration
        for key, value in report.user_properties:
            if key != PROPERTY or not isinstance(value, dict) or value.get("when") != report.when:
                continue
            if report.when == "teardown":
                test["teardown_error"] = value
            elif test["result"] is None:
                test["result"] = value
        if report.when == "teardown":
            self.write(report, self.tests.pop(report.nodeid))

    def write(self, report: pytest.TestReport, test: dict[str, Any]) -> None:
        result = dict(test["result"] or {"status": "ERROR", "message": "no status was recorded"})
        broken = test["teardown_error"]
        if broken is not None and result["status"] in ("PASS", "SKIP"):
            hello = result.get("_hello")
            result = {**broken, "message": f"after the scenario: {broken['message']}"}
            if hello:
                result["_hello"] = hello
        meta: dict[str, Any] | None = next(
            (v for k, v in report.user_properties if k == "conform_meta" and isinstance(v, dict)), None
        )
        line = {**(meta or {}), "nodeid": report.nodeid, **result, "duration": round(test["duration"], 4)}
        line.pop("when", None)
        self.stream.write(json.dumps(line, ensure_ascii=False, default=str) + "\n")
        self.stream.flush()

    def pytest_sessionfinish(self) -> None:
        self.stream.close()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """Put the scenario's metadata (set at collection, on the worker) on its reports."""
    meta = item.stash.get(_META, None)
    if meta is not None and all(k != "conform_meta" for k, _ in item.user_properties):
        item.user_properties.append(("conform_meta", meta))


def pytest_configure(config: pytest.Config) -> None:
    """Collect on the controller only (an xdist worker has ``workerinput``)."""
    out = config.getoption("conform_out")
    if out and not hasattr(config, "workerinput"):
        config.pluginmanager.register(Collector(Path(out)), "conform-collector")
