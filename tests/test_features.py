"""Every scenario of the suite (``features/``), run against the engine
through the in-process driver."""

from pytest_bdd import scenarios

from spec_engine.suite import FEATURES

scenarios(str(FEATURES))
