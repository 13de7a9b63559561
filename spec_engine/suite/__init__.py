"""The conformance suite as it ships: the feature files (``features/``), the step definitions
that play them through a driver, and the pytest plugins that run them, record their results
and judge an implementation (the ``kit`` extra: pytest, pytest-bdd, jsonschema).

The room: it uses the engine and the kit; the engine and the kit never import it (the kit's
runner starts pytest on its ``test_features.py`` in a child process; the paths are the kit's,
:mod:`spec_engine.kit.trace`). Inside the project's own
test suite ``tests/test_features.py`` plays the same scenarios against the engine in-process.
"""

from __future__ import annotations

from spec_engine.kit.trace import FEATURES, SUITE_DIR, SUITE_INI, SUITE_MODULE

__all__ = ["FEATURES", "SUITE_DIR", "SUITE_INI", "SUITE_MODULE"]
