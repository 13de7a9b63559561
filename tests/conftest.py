"""Test configuration: clause tags are registered markers, generated from the catalog."""

from __future__ import annotations

from typing import Any

import pytest

from spec_engine.catalog import REGULATION_IDS, all_clause_ids, regulations
from spec_engine.kit.trace import ASSUMES
from spec_engine.rules import RULE_FIELDS

pytest_plugins = ["tests.steps", "tests.steps_shoe", "tests.steps_bets", "tests.steps_play", "tests.results_plugin"]

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


def pytest_bdd_after_scenario(request: pytest.FixtureRequest, feature: Any, scenario: Any) -> None:
    if "play" in request.fixturenames:
        play = request.getfixturevalue("play")
        assert play.checked, f"an action was refused and no step checked it: {play.refusal}"


__all__ = ["all_clause_ids"]
