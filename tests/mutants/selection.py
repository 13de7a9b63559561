"""A pytest plugin: run only the scenarios of some regulations, or only some scenarios.

    BLACKJACK_SPEC_REGULATIONS=CZ,IT python -m pytest tests/test_features.py -p tests.mutants.selection
    BLACKJACK_SPEC_SCENARIOS='[["features/uy/core.feature", 12, null]]' python -m pytest ...

A scenario's regulation is worked out as :mod:`spec_engine.suite.results_plugin` does (its regulation tag,
else the one regulation of its clause tags); scenarios of other regulations are deselected.
``BLACKJACK_SPEC_SCENARIOS`` lists scenarios as their test vectors name them (feature, line, and
an outline row's test id, as a vector's ``example``): the others are deselected. Without the
variables it does nothing.

``BLACKJACK_SPEC_PLAN`` names a JSON file planning a run of several deviations at once
(:func:`tests.mutants.run.run_plan`): ``plan`` lists ``[feature, line, row, deviation]``, only
those scenarios run; before each, the deviation planned for it is written to the file ``current``
(the multiplexing adapter reads it at the scenario's start); at the end the outcomes go to
``outcomes``: ``[feature, line, row, deviation, failed]``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from spec_engine.catalog import REGULATION_IDS, is_clause_id
from spec_engine.kit.trace import regulation_of

REGULATIONS_ENV = "BLACKJACK_SPEC_REGULATIONS"
SCENARIOS_ENV = "BLACKJACK_SPEC_SCENARIOS"
PLAN_ENV = "BLACKJACK_SPEC_PLAN"
_PLAN = pytest.StashKey[dict[str, Any]]()


def _place(item: pytest.Item) -> tuple[str, int, str | None]:
    """(feature, line, row) of a scenario test, as its test vector names it."""
    from pytest_bdd.scenario import scenario_wrapper_template_registry

    from spec_engine.kit.trace import feature_path

    template = scenario_wrapper_template_registry.get(getattr(item, "obj", None))
    if template is None:
        return ("", 0, None)
    return (feature_path(template.feature.filename), template.line_number, item.name.partition("[")[2][:-1] or None)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    wanted = {r.strip().upper() for r in os.environ.get(REGULATIONS_ENV, "").split(",") if r.strip()}
    listed = os.environ.get(SCENARIOS_ENV)
    planned = os.environ.get(PLAN_ENV)
    if planned:
        plan = json.loads(Path(planned).read_text(encoding="utf-8"))
        config.stash[_PLAN] = {**plan, "by": {tuple(e[:3]): e[3] for e in plan["plan"]}, "done": {}}
        listed = json.dumps([e[:3] for e in plan["plan"]])
    if listed:
        chosen = {tuple(entry) for entry in json.loads(listed)}
        drop = [item for item in items if _place(item) not in chosen]
        if drop:
            config.hook.pytest_deselected(items=drop)
            items[:] = [item for item in items if _place(item) in chosen]
    if not wanted:
        return
    keep: list[pytest.Item] = []
    drop: list[pytest.Item] = []
    for item in items:
        tags = {m.name for m in item.iter_markers()}
        regulation = regulation_of(t for t in tags if t in REGULATION_IDS or is_clause_id(t))
        (keep if regulation is None or regulation in wanted else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


def pytest_runtest_setup(item: pytest.Item) -> None:
    plan = item.config.stash.get(_PLAN, None)
    if plan is not None:
        place = _place(item)
        Path(plan["current"]).write_text(plan["by"][place], encoding="utf-8")
        plan["done"][item.nodeid] = [*place, plan["by"][place], False]


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    plan = _plan_of_session()
    if plan is not None and report.failed and report.nodeid in plan["done"]:
        plan["done"][report.nodeid][4] = True


def pytest_sessionfinish(session: pytest.Session) -> None:
    plan = session.config.stash.get(_PLAN, None)
    if plan is not None:
        Path(plan["outcomes"]).write_text(json.dumps(list(plan["done"].values())), encoding="utf-8")


_SESSION: list[pytest.Config] = []


def pytest_configure(config: pytest.Config) -> None:
    _SESSION[:] = [config]


def _plan_of_session() -> dict[str, Any] | None:
    return _SESSION[0].stash.get(_PLAN, None) if _SESSION else None
