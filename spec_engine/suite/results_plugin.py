"""Per-scenario results: ``reports/scenarios.json``, one entry per scenario test.

Register it in ``tests/conftest.py`` (``pytest_plugins = [..., "spec_engine.suite.results_plugin"]``).
It works under pytest-xdist: the scenario's metadata is taken where the scenario runs
(``pytest_bdd_before_scenario``), travels on the test report (``user_properties``, which
xdist sends from the workers to the controller), and only the controller writes the file::

    [{"feature": "features/uy/core.feature", "scenario": "A hand of eleven may not stand",
      "line": 12, "regulation": "UY", "clauses": ["UY-28.2"], "status": "passed",
      "duration": 0.0012}, ...]

An Examples row of an outline is one entry (its ``line`` is the outline's); a scenario that
fails or is skipped before it starts (in fixture setup) has none. The file is written only
when the session ran at least one scenario, so a run of the unit tests alone leaves the last
one in place. ``python -m spec_engine.kit.trace --results reports/scenarios.json``
counts the passing scenarios per regulation.
"""

from __future__ import annotations

import json
import os
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

from spec_engine.catalog import REGULATION_IDS, is_clause_id
from spec_engine.kit.trace import ASSUMES, feature_path, regulation_of

RESULTS = Path("reports") / "scenarios.json"
"""Where the results go, relative to the rootdir."""

PROPERTY = "bdd_scenario"
"""The ``user_properties`` key that carries the metadata on a report."""

_META = pytest.StashKey[dict[str, Any]]()


def pytest_bdd_before_scenario(request: pytest.FixtureRequest, feature: Any, scenario: Any) -> None:
    """Note what the scenario is: its file, name, line, clauses and regulation."""
    rule = getattr(scenario, "rule", None)
    # The item's marks carry every effective tag, an outline's Examples tags included.
    tags = set(feature.tags) | set(scenario.tags) | {m.name for m in request.node.iter_markers()}
    tags |= set(rule.tags) if rule is not None else set()
    assumed = sorted(t.removeprefix(ASSUMES) for t in tags if t.startswith(ASSUMES))
    tags = {t for t in tags if t in REGULATION_IDS or is_clause_id(t)}
    request.node.stash[_META] = {
        "feature": feature_path(feature.filename),
        "scenario": scenario.name,
        "line": scenario.line_number,
        "regulation": regulation_of(sorted(tags)),
        "clauses": sorted(t for t in tags if is_clause_id(t)),
        **({"assumes": assumed} if assumed else {}),
    }


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
    """Attach the scenario's metadata to its reports (they cross from xdist workers)."""
    outcome = yield
    report: pytest.TestReport = outcome.get_result()
    meta = item.stash.get(_META, None)
    if meta is not None and all(key != PROPERTY for key, _ in report.user_properties):
        report.user_properties.append((PROPERTY, meta))


class Recorder:
    """Gathers the reports (on the controller, under xdist) and writes the results file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.tests: dict[str, dict[str, Any]] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """Every phase of a test: its outcome and duration add up; the metadata comes along."""
        test = self.tests.setdefault(report.nodeid, {"status": "passed", "duration": 0.0, "meta": None})
        test["duration"] += report.duration
        for key, value in report.user_properties:
            if key == PROPERTY:
                test["meta"] = value
        if report.failed:
            test["status"] = "failed"
        elif report.skipped and test["status"] != "failed":
            test["status"] = "skipped"

    def results(self) -> list[dict[str, Any]]:
        """One entry per scenario test, in the order the reports came."""
        return [
            {**test["meta"], "status": test["status"], "duration": round(test["duration"], 4)}
            for test in self.tests.values()
            if test["meta"] is not None
        ]

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        """Write the file (the recorder lives on the controller only)."""
        results = self.results()
        if not results:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        tmp.replace(self.path)


def pytest_configure(config: pytest.Config) -> None:
    """Record on the controller only: an xdist worker (it has ``workerinput``) just runs tests."""
    if not hasattr(config, "workerinput"):
        config.pluginmanager.register(Recorder(config.rootpath / RESULTS), "scenario-results-recorder")
