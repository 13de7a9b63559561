"""Hostile implementations for the conformance kit's robustness tests (tests/test_conform.py).

Each is a tiny program run as ``python tests/hostile/<name>.py``; they misbehave on purpose.
"""
