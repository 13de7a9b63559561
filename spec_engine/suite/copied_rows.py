"""The outcome of every compare row still to review: ``python -m spec_engine check`` plays the rows
``new-regulation`` copied into ``features/compare/`` (their ``basis`` cell marked TO REVIEW)
under the new text's own rule set, in a child pytest run with this plugin, and lists those that
fail (:mod:`spec_engine.kit.copied`).

Load it with ``-p spec_engine.suite.copied_rows`` and name the file in
``BLACKJACK_SPEC_COPIED_ROWS``; it writes, for each such row played::

    [{"feature": "features/compare/bets.feature", "scenario": "Four bets on one box, compared",
      "row": {"reg": "XX", "outcome": "it is refused citing ES-PRE-b.1", "basis": "TO REVIEW: ..."},
      "status": "failed", "message": "AssertionError: the reference's refusal does not cite ..."}]

Without the variable it does nothing.
"""

from __future__ import annotations

import json
import os
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

from spec_engine.kit.copied import REVIEW, ROWS_ENV
from spec_engine.kit.trace import feature_path

_WHERE = pytest.StashKey[tuple[str, str]]()


def copied_row(item: pytest.Item) -> dict[str, str] | None:
    """The Examples row ``item`` plays, if it is one still marked for review."""
    callspec = getattr(item, "callspec", None)
    row = callspec.params.get("_pytest_bdd_example") if callspec is not None else None
    if not isinstance(row, dict) or not str(row.get("basis", "")).startswith(REVIEW):
        return None
    return {str(k): str(v) for k, v in row.items()}


def pytest_bdd_before_scenario(request: pytest.FixtureRequest, feature: Any, scenario: Any) -> None:
    """Note the scenario's file and name (its outline's name)."""
    request.node.stash[_WHERE] = (feature_path(feature.filename), scenario.name)


def _message(report: pytest.TestReport) -> str:
    """The failure's one line: the assertion that failed, which names what the engine did."""
    crash = getattr(report.longrepr, "reprcrash", None)
    text = str(getattr(crash, "message", "") or report.longrepr or "").strip()
    first = text.splitlines()[0] if text else "failed"  # (the next lines are pytest's introspection)
    return first.removeprefix("AssertionError: ")[:300]


class Rows:
    """The copied rows' outcomes, written at the end of the session."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.rows: dict[str, dict[str, Any]] = {}

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
        outcome = yield
        report: pytest.TestReport = outcome.get_result()
        row = copied_row(item)
        if row is None:
            return
        feature, scenario = item.stash.get(_WHERE, ("", item.name))
        entry = self.rows.setdefault(
            item.nodeid, {"feature": feature, "scenario": scenario, "row": row, "status": "passed", "message": ""}
        )
        if feature:
            entry["feature"], entry["scenario"] = feature, scenario
        if report.failed and entry["status"] != "failed":
            entry["status"], entry["message"] = "failed", _message(report)

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        self.path.write_text(json.dumps(list(self.rows.values()), indent=1, ensure_ascii=False) + "\n", "utf-8")


def pytest_configure(config: pytest.Config) -> None:
    target = os.environ.get(ROWS_ENV)
    if target and not hasattr(config, "workerinput"):
        config.pluginmanager.register(Rows(Path(target)), "copied-rows-recorder")
