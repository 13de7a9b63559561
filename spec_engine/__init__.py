"""Blackjack Spec: an executable specification of five blackjack regulations."""

__version__ = "0.2.0"
"""The package's version (the engine, the kit and the command line); the conformance suite and
the protocol have versions of their own (``blackjack-spec --version`` names all three)."""
