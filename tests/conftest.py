"""Test configuration: the conformance suite's plugin (step definitions, clause markers, the
results recorder), so that ``tests/test_features.py`` plays the suite against the engine."""

pytest_plugins = ["spec_engine.suite.plugin"]
