"""Per-scenario results to a file of one's choosing, leaving ``reports/scenarios.json`` alone.

The rule explorer (``notebooks/rule_explorer.py``) runs the scenarios with a rule changed;
those results must not replace the real ones the site reads. Load this plugin and name the
file in ``BLACKJACK_SPEC_RESULTS``::

    BLACKJACK_SPEC_RESULTS=/tmp/run.json python -m pytest -q tests/test_features.py \
        -p spec_engine.suite.results_elsewhere

It swaps the recorder of :mod:`spec_engine.suite.results_plugin` (same format, same xdist handling)
for one writing there. Without the variable it does nothing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

RESULTS_ENV = "BLACKJACK_SPEC_RESULTS"
RECORDER = "scenario-results-recorder"
"""The name :mod:`spec_engine.suite.results_plugin` registers its recorder under."""


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    """After results_plugin registered its recorder: replace it (controller only)."""
    target = os.environ.get(RESULTS_ENV)
    if not target or hasattr(config, "workerinput"):
        return
    # imported here, once conftest has loaded it (with pytest's assertion rewriting)
    from spec_engine.suite.results_plugin import Recorder

    old = config.pluginmanager.get_plugin(RECORDER)
    if old is not None:
        config.pluginmanager.unregister(old)
    config.pluginmanager.register(Recorder(Path(target)), RECORDER)
