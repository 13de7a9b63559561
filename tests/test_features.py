"""Every scenario of features/, run against the engine through the in-process driver."""

from pytest_bdd import scenarios

scenarios(".")
