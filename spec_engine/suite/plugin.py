"""The suite's pytest plugin: loads the step definitions and the results recorder, registers
every clause tag (and regulation and assumption tag) as a marker, and after each scenario
checks that no refused action went unchecked. Loaded by the project's ``tests/conftest.py``
and by the kit's runner (``-p spec_engine.suite.plugin``)."""

from __future__ import annotations

from typing import Any

import pytest

from spec_engine.catalog import REGULATION_IDS, is_clause_id, regulations
from spec_engine.kit.trace import ASSUMES, PROTOCOL, regulation_of
from spec_engine.rules import RULE_FIELDS

pytest_plugins = [
    "spec_engine.suite.steps",
    "spec_engine.suite.steps_shoe",
    "spec_engine.suite.steps_bets",
    "spec_engine.suite.steps_play",
    "spec_engine.suite.steps_protocol",
    "spec_engine.suite.results_plugin",
]

# Tags that are not clause ids: a regulation's id on a whole feature.
OTHER_TAGS = {r: f"scenarios of the {r} regulation" for r in REGULATION_IDS}


def pytest_configure(config: pytest.Config) -> None:
    for reg in regulations():
        for clause in reg.clauses:
            config.addinivalue_line("markers", f"{clause.id}: {clause.gist[:60]}")
    for tag, text in OTHER_TAGS.items():
        config.addinivalue_line("markers", f"{tag}: {text}")
    for field in RULE_FIELDS:
        config.addinivalue_line("markers", f"{ASSUMES}{field.name}: checks the value assumed or read for {field.name}")
    config.addinivalue_line("markers", f"{PROTOCOL}: checks a convention of the conformance protocol")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every scenario carries its regulation's marker: ``-m CL`` keeps the club's scenarios,
    its rows of the compare outlines included (a row is tagged with its clauses, or an
    assumption and the regulation, not always with the regulation)."""
    for item in items:
        names = {m.name for m in item.iter_markers()}
        reg = regulation_of(sorted(t for t in names if t in REGULATION_IDS or is_clause_id(t)))
        if reg is not None and reg not in names:
            item.add_marker(reg)


def pytest_bdd_after_scenario(request: pytest.FixtureRequest, feature: Any, scenario: Any) -> None:
    if "play" in request.fixturenames:
        play = request.getfixturevalue("play")
        assert play.checked, f"an action was refused and no step checked it: {play.refusal}"
