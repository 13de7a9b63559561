"""Every scenario of the suite's feature files (run by the kit's runner, or by the project's
``tests/test_features.py``)."""

from pytest_bdd import scenarios

from spec_engine.suite import FEATURES

scenarios(str(FEATURES))
