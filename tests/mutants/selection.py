"""A pytest plugin: run only the scenarios of some regulations.

    BLACKJACK_SPEC_REGULATIONS=CZ,IT python -m pytest tests/test_features.py -p tests.mutants.selection

A scenario's regulation is worked out as :mod:`spec_engine.suite.results_plugin` does (its regulation tag,
else the one regulation of its clause tags); scenarios of other regulations are deselected.
Without the variable it does nothing.
"""

from __future__ import annotations

import os

import pytest

from spec_engine.catalog import REGULATION_IDS, is_clause_id
from spec_engine.kit.trace import regulation_of

REGULATIONS_ENV = "BLACKJACK_SPEC_REGULATIONS"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    wanted = {r.strip().upper() for r in os.environ.get(REGULATIONS_ENV, "").split(",") if r.strip()}
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
